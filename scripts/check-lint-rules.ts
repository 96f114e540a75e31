// Proves the lint gate still guards the layout: each snippet below is linted in memory at a real
// path (nothing is written), and a wrong import must fail with the boundary rule, while the
// imports the layout allows must pass clean. A zone that stopped firing (a renamed folder, an
// import resolver that silently resolves nothing) fails this script and so `npm run lint`.
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Case {
  name: string;
  /** Where the snippet pretends to live; the file need not exist, its imports must. */
  file: string;
  code: string;
  /** The rule that must report, or null when the snippet must lint clean. */
  rule: string | null;
  /** Part of the message that must appear (tells a zone hit from, say, a misconfigured zone). */
  message?: string;
}

const ZONE = 'Unexpected path';
const ACCOUNT_TYPE = 'never decides from an account type';

const cases: Case[] = [
  // Violations: every one must fail.
  {
    name: 'a feature imports another feature',
    file: 'src/client/features/gallery/_check.tsx',
    code: "import { CalendarPage } from '../events/calendar-page';\nexport const page = CalendarPage;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'platform imports a module',
    file: 'src/worker/platform/_check.ts',
    code: "import { enqueueEmail } from '../modules/mail/enqueue';\nexport const send = enqueueEmail;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'the client imports worker code',
    file: 'src/client/lib/_check.ts',
    code: "import { AppError } from '../../worker/platform/app-error';\nexport const E = AppError;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'the client imports a worker type other than the router',
    file: 'src/client/lib/_check.ts',
    code: "import type { Deps } from '../../worker/platform/deps';\nexport type D = Deps;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: "the client imports the router's code (not just its type)",
    file: 'src/client/lib/_check.ts',
    code: "import { appRouter } from '../../worker/router';\nexport const r = appRouter;\n",
    rule: '@typescript-eslint/no-restricted-imports',
  },
  {
    name: 'shared imports the worker',
    file: 'src/shared/_check.ts',
    code: "import type { Deps } from '../worker/platform/deps';\nexport type D = Deps;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'shared imports the client',
    file: 'src/shared/schemas/_check.ts',
    code: "import { safeNext } from '../../client/lib/safe-next';\nexport const s = safeNext;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'the worker imports the client',
    file: 'src/worker/modules/events/_check.ts',
    code: "import { safeNext } from '../../../client/lib/safe-next';\nexport const s = safeNext;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'a component imports a feature',
    file: 'src/client/components/_check.tsx',
    code: "import { CalendarPage } from '../features/events/calendar-page';\nexport const page = CalendarPage;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'a component imports a shared widget',
    file: 'src/client/components/_check.tsx',
    code: "import { useAuth } from '../shared/use-auth';\nexport const a = useAuth;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'a component imports the shell',
    file: 'src/client/components/_check.tsx',
    code: "import { Menu } from '../shell/menu';\nexport const m = Menu;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'a shared widget imports a feature (even its CSS)',
    file: 'src/client/shared/_check.tsx',
    code: "import '../features/mail/mail.css';\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'a shared widget imports the shell',
    file: 'src/client/shared/comments/_check.tsx',
    code: "import { Menu } from '../../shell/menu';\nexport const m = Menu;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: "a module imports another module's tRPC router",
    file: 'src/worker/modules/events/_check.ts',
    code: "import { mailRouter } from '../mail/router';\nexport const r = mailRouter;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: "a module imports another module's REST routes",
    file: 'src/worker/modules/membership/_check.ts',
    code: "import { authRoutes } from '../auth/rest';\nexport const r = authRoutes;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: "a module imports another module's session middleware",
    file: 'src/worker/modules/comments/_check.ts',
    code: "import { sessionActor } from '../auth/session-middleware';\nexport const m = sessionActor;\n",
    rule: 'import-x/no-restricted-paths',
    message: ZONE,
  },
  {
    name: 'the client compares an account type',
    file: 'src/client/features/events/_check.tsx',
    code: "export const canCreate = (user: { type: string }) => user.type !== 'Standard';\n",
    rule: 'no-restricted-syntax',
    message: ACCOUNT_TYPE,
  },
  {
    name: 'the client switches on an account type',
    file: 'src/client/shell/_check.tsx',
    code: "export function label(type: string) {\n  switch (type) {\n    case 'Travel Host':\n      return 'host';\n    default:\n      return '';\n  }\n}\n",
    rule: 'no-restricted-syntax',
    message: ACCOUNT_TYPE,
  },
  {
    name: 'the client tests an account type with includes',
    file: 'src/client/shared/_check.tsx',
    code: "export const founder = (type: string) => ['Founding'].includes(type);\n",
    rule: 'no-restricted-syntax',
    message: ACCOUNT_TYPE,
  },

  // Allowed: these must lint clean.
  {
    name: 'the client imports the AppRouter type',
    file: 'src/client/lib/_check.ts',
    code: "import type { AppRouter } from '../../worker/router';\nexport type Router = AppRouter;\n",
    rule: null,
  },
  {
    name: "a module calls another module's service",
    file: 'src/worker/modules/events/_check.ts',
    code: "import { enqueueEmail } from '../mail/enqueue';\nexport const send = enqueueEmail;\n",
    rule: null,
  },
  {
    name: 'a module imports its own router and platform',
    file: 'src/worker/modules/mail/_check.ts',
    code: "import { mailRouter } from './router';\nimport { AppError } from '../../platform/app-error';\nexport const x = [mailRouter, AppError];\n",
    rule: null,
  },
  {
    name: 'a feature uses its own files, shared widgets, components and src/shared',
    file: 'src/client/features/events/_check.tsx',
    code:
      "import { EventCard } from './event-card';\nimport { useAuth } from '../../shared/use-auth';\nimport { Modal } from '../../components/modal';\n" +
      "import { ACCOUNT_TYPES } from '../../../shared/constants';\nexport const x = [EventCard, useAuth, Modal, ACCOUNT_TYPES];\n",
    rule: null,
  },
];

const eslint = new ESLint({ cwd: ROOT });
let failures = 0;
for (const c of cases) {
  const [result] = await eslint.lintText(c.code, { filePath: path.join(ROOT, c.file) });
  const messages = result?.messages ?? [];
  let problem = '';
  if (c.rule === null) {
    if (messages.length) problem = `expected no problems, got: ${messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`).join('; ')}`;
  } else if (!messages.some((m) => m.ruleId === c.rule && (!c.message || m.message.includes(c.message)))) {
    const got = messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`).join('; ') || 'nothing';
    problem = `expected ${c.rule}${c.message ? ` ("${c.message}")` : ''}, got ${got}`;
  }
  if (problem) {
    failures++;
    console.error(`✗ ${c.name} (${c.file}): ${problem}`);
  }
}
console.log(
  failures
    ? `lint rules: ${failures} of ${cases.length} checks failed`
    : `lint rules: all ${cases.length} checks passed (boundaries and the account-type rule fire; allowed imports pass)`,
);
process.exit(failures ? 1 : 0);
