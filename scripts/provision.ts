// npm run provision -- --app-origin URL --mail-from ADDRESS [--dry-run]: scripts/lib/provision.ts.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dryRunWrangler, generateSecrets, provision, realWrangler } from './lib/provision';
import {
  DRY_RUN_SETTINGS_FILE,
  readSettings,
  resourceNames,
  SECRETS_FILE,
  settingsProblem,
  SETTINGS_FILE,
  writeSettings,
} from './lib/production-config';

const names = resourceNames();
const HELP = `Usage: npm run provision -- --app-origin https://club.example.org --mail-from club@example.org
                          [--mail-from-name NAME] [--location weur] [--settings FILE] [--dry-run]

Creates in the Cloudflare account wrangler is logged in to (npx wrangler login):
  D1 database  ${names.d1}
  R2 bucket    ${names.bucket}
  queues       ${names.queues.join(', ')}
and writes what a deploy needs into .production/config.json (git-ignored; never into
wrangler.toml): the database's id, APP_ORIGIN, MAIL_FROM and the custom domain (APP_ORIGIN's
host, none for a *.workers.dev origin). The first run also generates the Worker secrets
(DATA_ENCRYPTION_KEY, TICKET_SIGNING_KEY, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) into
.production/secrets.env (git-ignored, mode 600), which the first npm run deploy uploads.
Run again, it keeps what exists and changes only the settings given.

  --app-origin      the club's public https origin (links in emails, the passkeys' site)
  --mail-from       the sender of every email, on the domain with Email Routing
  --mail-from-name  the sender's name (default: wrangler.toml's MAIL_FROM_NAME)
  --location        D1's primary location hint: weur, eeur, apac, oc, wnam, enam
  --settings FILE   write the settings there instead of .production/config.json (the secrets beside)
  --dry-run         print the wrangler commands instead of running them (no account needed);
                    the made-up settings go to .wrangler/provision-dry-run/

Then follow docs/operations.md: Email Routing, then npm run deploy.`;

const { values } = parseArgs({
  options: {
    'app-origin': { type: 'string' },
    'mail-from': { type: 'string' },
    'mail-from-name': { type: 'string' },
    location: { type: 'string' },
    settings: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const dryRun = values['dry-run'];
const file = path.resolve(values.settings ?? (dryRun ? DRY_RUN_SETTINGS_FILE : SETTINGS_FILE));
const previous = readSettings(file);
const appOrigin = values['app-origin'] ?? previous?.appOrigin;
const mailFrom = values['mail-from'] ?? previous?.mailFrom;
if (!appOrigin || !mailFrom) {
  console.error('Give --app-origin and --mail-from (npm run provision -- --help).');
  process.exit(2);
}

const problem = settingsProblem({ d1DatabaseId: 'to be created', appOrigin, mailFrom });
if (problem) {
  console.error(problem);
  process.exit(2);
}

try {
  let settings = provision(
    { appOrigin, mailFrom, mailFromName: values['mail-from-name'], location: values.location },
    dryRun ? dryRunWrangler() : realWrangler,
    previous,
  );
  const secretsFile = path.join(path.dirname(file), path.basename(SECRETS_FILE));
  settings = generateSecrets(settings, secretsFile);
  writeSettings(settings, file);
  console.log(`\nWrote ${path.relative(process.cwd(), file)}: ${JSON.stringify(settings)}`);
  console.log(
    `Secrets in ${path.relative(process.cwd(), secretsFile)}: copy them into the club's password manager now (docs/operations.md).`,
  );
  console.log('Next: Email Routing for the sender (docs/operations.md), then npm run deploy.');
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
