import { generateKeyPairSync } from 'node:crypto';

/**
 * A VAPID key pair (RFC 8292) as the Worker reads it (src/worker/modules/push/vapid.ts): the
 * public key as the uncompressed P-256 point, the private one as its scalar, both base64url.
 */
export function makeVapidKeys(): { publicKey: string; privateKey: string } {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d! };
}
