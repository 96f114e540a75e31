// Part of npm run lint (issue 46, point 15): README's set-up words say what package.json does. The
// Node a machine needs ("With any Node >= 20" in Quick start) is devEngines.runtime.version, the
// Node the project pins ("pins its own Node 24") is the node devDependency's major, and every
// `npm run <name>` that README or docs/operations.md (issue 44: followed from an empty account)
// tells a reader to type is a script of package.json. Every one docs/operations.md names answers
// `--help` with its usage and does nothing else (issue 44: "`--help` works here"; `npm run reset
// -- --help` once wiped the local state).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  devEngines?: { runtime?: { name?: string; version?: string } };
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
};
const problems: string[] = [];

const needed = /With any Node >= (\d+) and npm/.exec(readme)?.[1];
const runtime = pkg.devEngines?.runtime;
if (!needed) problems.push('README.md no longer says "With any Node >= N and npm" (Quick start).');
else if (runtime?.name !== 'node' || runtime.version !== `>=${needed}`) {
  problems.push(`README.md says any Node >= ${needed}; package.json's devEngines.runtime says ${JSON.stringify(runtime ?? null)}.`);
}

const pinned = /pins its own Node (\d+) \(the `node@(\d+)` devDependency\)/.exec(readme);
const dependency = pkg.devDependencies?.node;
if (!pinned) problems.push('README.md no longer says "pins its own Node N (the `node@N` devDependency)".');
else if (pinned[1] !== pinned[2] || dependency !== `^${pinned[1]}`) {
  problems.push(`README.md says the project pins Node ${pinned[1]}; package.json's node devDependency is ${dependency ?? 'missing'}.`);
}

for (const doc of ['README.md', 'docs/operations.md']) {
  for (const [, name] of readFileSync(path.join(ROOT, doc), 'utf8').matchAll(/\bnpm run ([a-z][\w:-]*)/g)) {
    if (!pkg.scripts?.[name!]) problems.push(`${doc} says npm run ${name}, which package.json's scripts do not have.`);
  }
}

const operations = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
const documented = [...new Set([...operations.matchAll(/\bnpm run ([a-z][\w:-]*)/g)].map((m) => m[1]!))];
// The commands start at once (each is mostly tsx loading its modules: two cores do two at a time).
const helps = documented
  .filter((n) => pkg.scripts?.[n])
  .map((name) => ({ name, script: /^tsx (scripts\/[\w-]+\.ts)$/.exec(pkg.scripts![name]!)?.[1] }))
  .filter((c): c is { name: string; script: string } => Boolean(c.script))
  .map(async ({ name, script }) => {
    // The script itself under tsx (what `npm run` would start), so no npm process per command.
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script, '--help'],
        { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
        (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });
    if (run.status !== 0 || !/^Usage: npm run /.test(run.stdout)) {
      problems.push(`npm run ${name} -- --help (docs/operations.md) answered ${run.status}: ${(run.stdout || run.stderr).slice(0, 200)}`);
    }
  });
await Promise.all(helps);

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `check:setup: README's Node lines match package.json (Node >= ${needed} to install, Node ${pinned![1]} pinned), and every npm run it and docs/operations.md name exists; the ${documented.length} operations commands answer --help`,
);
