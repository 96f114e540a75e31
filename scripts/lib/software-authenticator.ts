import { encode } from 'cborg';
import { concatBytes } from '../../src/worker/modules/images/bytes';

/**
 * A software authenticator for the worker tests and the demo seed (scripts/lib/seed/passkeys.ts):
 * real WebAuthn structures made here from a Web Crypto P-256 key and a CBOR encoder (cborg), never
 * by the library under test. It answers
 * PublicKeyCredentialCreationOptionsJSON with a RegistrationResponseJSON (attestation "none":
 * authenticator data with the attested credential and its COSE key) and
 * PublicKeyCredentialRequestOptionsJSON with an AuthenticationResponseJSON (an ECDSA signature
 * over authenticator data and the client data hash), as a platform passkey does: resident key,
 * user verified, a signature counter that counts.
 */

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

// concatBytes makes a fresh array, so its buffer is a plain ArrayBuffer (what Web Crypto takes).
const concat = (...parts: Uint8Array[]) => concatBytes(parts) as Uint8Array<ArrayBuffer>;

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));

const uint32 = (n: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
};

/** An ASN.1 DER INTEGER of an unsigned big-endian number (WebAuthn's ES256 signatures are DER). */
function derInteger(bytes: Uint8Array): Uint8Array {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  let value = bytes.slice(i);
  if (value[0]! & 0x80) value = concat(new Uint8Array([0]), value);
  return concat(new Uint8Array([0x02, value.length]), value);
}

/** Web Crypto's ECDSA signature (r and s, 32 bytes each) as the DER SEQUENCE WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const body = concat(derInteger(raw.slice(0, 32)), derInteger(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 };

export interface CeremonyOverrides {
  /** The page's origin as the browser would put it in the client data. */
  origin?: string;
  /** The rp id the authenticator scopes the credential to (its hash starts authenticator data). */
  rpId?: string;
  /** Answer this challenge instead of the options' one. */
  challenge?: string;
  type?: string;
  userVerified?: boolean;
  /** The signature counter to report (assertions); by default one more than the last. */
  counter?: number;
  /** Sign something else (a broken signature). */
  tamperSignature?: boolean;
}

interface RegistrationOptionsLike {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface AuthenticationOptionsLike {
  challenge: string;
  rpId?: string;
}

export class SoftwareAuthenticator {
  /** Signatures made so far; the next assertion reports one more (unless told otherwise). */
  counter = 0;
  /** The user handle registration stored with the credential (what a discoverable credential returns). */
  userHandle: string | null = null;
  readonly credentialId: Uint8Array;

  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly defaults: { origin: string; rpId: string },
  ) {
    this.credentialId = crypto.getRandomValues(new Uint8Array(32));
  }

  static async create(defaults: { origin: string; rpId: string }): Promise<SoftwareAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    return new SoftwareAuthenticator(keys, defaults);
  }

  get id(): string {
    return toBase64Url(this.credentialId);
  }

  /** The credential public key as COSE_Key (EC2, ES256, P-256), CBOR encoded. */
  private async coseKey(): Promise<Uint8Array> {
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, fromBase64Url(jwk.x!)],
      [-3, fromBase64Url(jwk.y!)],
    ]);
    return encode(cose);
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array {
    return encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(o: CeremonyOverrides, extra = 0): number {
    return FLAG.UP | (o.userVerified === false ? 0 : FLAG.UV) | extra;
  }

  /** navigator.credentials.create(): a RegistrationResponseJSON. */
  async register(options: RegistrationOptionsLike, o: CeremonyOverrides = {}) {
    const rpId = o.rpId ?? options.rp.id ?? this.defaults.rpId;
    const clientDataJSON = this.clientData(o.type ?? 'webauthn.create', o.challenge ?? options.challenge, o.origin ?? this.defaults.origin);
    const attested = concat(new Uint8Array(16), new Uint8Array([0, this.credentialId.length]), this.credentialId, await this.coseKey());
    const authData = concat(await sha256(encoder.encode(rpId)), new Uint8Array([this.flags(o, FLAG.AT)]), uint32(this.counter), attested);
    const attestationObject = encode({ fmt: 'none', attStmt: {}, authData });
    this.userHandle = options.user.id;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: toBase64Url(clientDataJSON),
        attestationObject: toBase64Url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get(): an AuthenticationResponseJSON signed with the credential's key. */
  async assert(options: AuthenticationOptionsLike, o: CeremonyOverrides = {}) {
    const rpId = o.rpId ?? options.rpId ?? this.defaults.rpId;
    if (o.counter !== undefined) this.counter = o.counter;
    else this.counter += 1;
    const clientDataJSON = this.clientData(o.type ?? 'webauthn.get', o.challenge ?? options.challenge, o.origin ?? this.defaults.origin);
    const authData = concat(await sha256(encoder.encode(rpId)), new Uint8Array([this.flags(o)]), uint32(this.counter));
    const signed = concat(authData, await sha256(clientDataJSON));
    if (o.tamperSignature) signed[signed.length - 1] = signed[signed.length - 1]! ^ 1;
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: toBase64Url(clientDataJSON),
        authenticatorData: toBase64Url(authData),
        signature: toBase64Url(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
