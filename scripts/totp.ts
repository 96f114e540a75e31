// npx tsx scripts/totp.ts [SECRET]
// Prints the current 6-digit two-factor code of a base32 TOTP secret, as an authenticator app
// would show it (RFC 6238, 30 s). Without SECRET: SEED_ADMIN_TOTP_SECRET, else the demo admin's
// documented secret. For local use and tests; a real account's code comes from a phone.
import { parseTotpSecret, TOTP_PERIOD_SECONDS, totpCode } from '../src/worker/modules/auth/totp';
import { SEED_DEFAULTS } from './lib/seed/options';

const given = process.argv[2] ?? process.env.SEED_ADMIN_TOTP_SECRET ?? SEED_DEFAULTS.adminTotpSecret;
const secret = parseTotpSecret(given);
if (!secret) {
  console.error('Usage: npx tsx scripts/totp.ts BASE32SECRET (A-Z and 2-7, at least 16 characters)');
  process.exit(2);
}
const now = Date.now();
const left = TOTP_PERIOD_SECONDS - (Math.floor(now / 1000) % TOTP_PERIOD_SECONDS);
console.log(await totpCode(secret, now));
console.error(`(a new code in ${left} s)`);
