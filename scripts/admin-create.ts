// npm run admin:create -- --email E --name N [--remote]
// Creates an admin (or makes an existing member an admin with a new password). The password is
// read from ADMIN_PASSWORD or asked for on the terminal. Admins sign in with two-factor sign-in:
// the admin gets a new TOTP secret and ten recovery codes, printed once (the otpauth:// URI goes
// into an authenticator app). The secret is sealed with DATA_ENCRYPTION_KEY as the Worker seals
// it: locally from .dev.vars; with --remote the deployed secret's value, from DATA_ENCRYPTION_KEY or
// .production/secrets.env (npm run provision), on the database of .production/config.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/worker/platform/crypto';
import { passwordProblem } from '../src/worker/modules/auth/password-policy';
import { EmailSchema, NewPasswordSchema, PersonNameSchema } from '../src/shared/schemas/common';
import { newTotpSecret } from '../src/worker/modules/auth/totp';
import { ensureDevVars, readDevVars } from './lib/dev-vars';
import { readSettings, renderProductionConfig, SECRETS_FILE, settingsProblem } from './lib/production-config';
import { enableTwoFactorSql } from './lib/two-factor-sql';
import { starterCirclesSql } from './lib/starter-circles-sql';
import { d1File, d1Query, ROOT, sqlText, wrangler, persistDir } from './lib/wrangler';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    remote: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
const USAGE = 'Usage: npm run admin:create -- --email you@example.com --name "Your Name" [--remote]';
if (values.help) {
  console.log(`${USAGE}

Creates an admin (or makes a member one, with a new password) with two-factor sign-in on, and prints
the otpauth URI and ten recovery codes once. The password is asked for, or read from ADMIN_PASSWORD.
  --remote  on the deployed club: the D1 database of .production/config.json (npm run provision),
            the data key from DATA_ENCRYPTION_KEY or .production/secrets.env (docs/operations.md)`);
  process.exit(0);
}

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const password = await rl.question('Password for the new admin (8 to 128 characters): ');
  rl.close();
  return password;
}

const email = EmailSchema.safeParse(values.email ?? '');
const name = PersonNameSchema.safeParse(values.name ?? '');
if (!email.success || !name.success) {
  console.error(USAGE);
  process.exit(2);
}
const password = NewPasswordSchema.safeParse(await askPassword());
if (!password.success) {
  console.error(password.error.issues[0]?.message);
  process.exit(2);
}
// The Worker's own rule (common passwords, the email address): an admin is held to it too.
const problem = await passwordProblem(password.data, { email: email.data });
if (problem) {
  console.error(problem);
  process.exit(2);
}

if (!values.remote) ensureDevVars();
const dataEncryptionKey = values.remote
  ? (process.env.DATA_ENCRYPTION_KEY ?? readDevVars(SECRETS_FILE).DATA_ENCRYPTION_KEY)
  : readDevVars().DATA_ENCRYPTION_KEY;
if (!dataEncryptionKey) {
  console.error(
    "With --remote, set DATA_ENCRYPTION_KEY to the value of the deployed Worker secret (.production/secrets.env's, or the club's password manager's): the admin's 2FA secret is sealed with it.",
  );
  process.exit(2);
}
if (values.remote) {
  // d1Query/d1File --remote read the deployed database's id from the rendered production config.
  const settings = readSettings();
  const problem = settingsProblem(settings);
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  renderProductionConfig(settings!);
}

const now = Date.now();
const hash = await hashPassword(password.data);
const sql = `INSERT INTO users (email, name, type, is_admin, password_hash, must_change_password, created_at, updated_at)
VALUES (${sqlText(email.data)}, ${sqlText(name.data)}, 'Founding', 1, ${sqlText(hash)}, 0, ${now}, ${now})
ON CONFLICT(email) DO UPDATE SET is_admin = 1, password_hash = excluded.password_hash, must_change_password = 0, updated_at = excluded.updated_at;
DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ${sqlText(email.data)});
${starterCirclesSql(email.data, now)}`;

if (!values.remote) wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir()], { quiet: true });
mkdirSync(path.join(ROOT, '.wrangler/tmp'), { recursive: true });
const file = path.join(ROOT, '.wrangler/tmp', `admin-${process.pid}.sql`);
writeFileSync(file, sql);
let twoFactor: Awaited<ReturnType<typeof enableTwoFactorSql>>;
try {
  d1File(file, values.remote);
  const [admin] = d1Query<{ id: number }>(`SELECT id FROM users WHERE email = ${sqlText(email.data)}`, values.remote);
  twoFactor = await enableTwoFactorSql({
    userId: admin!.id,
    email: email.data,
    secret: newTotpSecret(),
    dataEncryptionKey,
    recoveryCodes: true,
  });
  writeFileSync(file, twoFactor.sql);
  d1File(file, values.remote);
} finally {
  rmSync(file, { force: true });
}
console.log(`Admin ${email.data} is ready${values.remote ? ' on the deployed D1' : ' in the local D1'}, with two-factor sign-in on.

Add this to an authenticator app (most read it from a QR code of the URI; or type the secret):
  ${twoFactor.otpauthUri}
  secret: ${new URL(twoFactor.otpauthUri).searchParams.get('secret')}

Recovery codes (each signs in once without the app; keep them somewhere safe, they are not shown again):
${twoFactor.recoveryCodes.map((c) => `  ${c}`).join('\n')}`);
