import * as z from 'zod';
import { IdSchema } from './common';
import { acceptingOldNames, UnixMsSchema, unixMsToIso } from './old-field-names';
import './zod-config';
import { withValues } from '../message';

/** A base64url string of exactly `bytes` bytes (no padding), as PushSubscription.toJSON() gives its keys. */
function base64UrlKey(name: string, bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: withValues(/*i18n*/ 'keys.{name} is required.', { name }) })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, withValues(/*i18n*/ 'keys.{name} must be base64url.', { name }))
    .transform((s) => s.replace(/=+$/, ''))
    .refine((s) => s.length === length, withValues(/*i18n*/ 'keys.{name} must be a {bytes}-byte key in base64url.', { name, bytes }));
}

/**
 * POST /api/push/subscriptions: PushSubscription.toJSON() of this device. The endpoint must be
 * https (the Worker also takes http://localhost locally: the test push service). The browser's
 * expirationTime (Unix ms) is sent as expiration_time, ISO 8601 like every instant (issue 47).
 */
export const PushSubscriptionInputSchema = acceptingOldNames(
  z.object({
    endpoint: z
      .string({ error: 'endpoint is required.' })
      .trim()
      .max(2048, 'endpoint is too long.')
      .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'endpoint must be an https URL.'),
    keys: z.object(
      {
        // RFC 8291: an uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret.
        p256dh: base64UrlKey('p256dh', 65).refine((s) => s.startsWith('B'), 'keys.p256dh must be an uncompressed P-256 key.'),
        auth: base64UrlKey('auth', 16),
      },
      { error: 'keys must be {p256dh, auth}.' },
    ),
    expiration_time: z.iso.datetime({ error: 'expiration_time must be an ISO 8601 date and time with Z, or null.' }).nullable().optional(),
  }),
  { expiration_time: { name: 'expirationTime', schema: UnixMsSchema, toNew: unixMsToIso } },
);
export type PushSubscriptionInput = z.output<typeof PushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions/{id} and push.unsubscribe. */
export const PushSubscriptionIdSchema = z.object({ id: IdSchema });
