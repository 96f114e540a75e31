// npm run profile: a CPU profile of the Worker while autocannon loads one route (issue 29, ADR 0020).
// Start the server with a fixed inspector port first:
//   INSPECTOR_PORT=9229 PORT=8787 npm start
//   npm run profile -- /api/events?limit=30      (PROFILE_BASE, PROFILE_INSPECTOR, PROFILE_REQUESTS)
// It signs in as a demo member, warms the route, records while 20 connections send
// PROFILE_REQUESTS requests (default 2,000), and writes .perf/<route>.cpuprofile (open it in
// Chrome DevTools' Performance panel), then prints the functions with the most self time.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createContext } from './bench/context';
import { SEED_DEFAULTS } from './lib/seed/options';
import { ROOT } from './lib/wrangler';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const BASE = process.env.PROFILE_BASE ?? `http://127.0.0.1:${process.env.PORT ?? '8787'}`;
const INSPECTOR = process.env.PROFILE_INSPECTOR ?? `http://127.0.0.1:${process.env.INSPECTOR_PORT ?? '9229'}`;
const route = process.argv[2] ?? '/api/events?limit=30';

const targets = (await (await fetch(`${INSPECTOR}/json`)).json()) as { webSocketDebuggerUrl: string }[];
// wrangler's inspector proxy refuses a connection without a local Origin (Node's WebSocket takes headers).
const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl, { headers: { Origin: 'http://localhost' } } as unknown as string[]);
await new Promise((resolve, reject) => {
  ws.addEventListener('open', resolve);
  ws.addEventListener('error', reject);
});
let seq = 0;
const pending = new Map<number, (result: unknown) => void>();
ws.addEventListener('message', (m) => {
  const msg = JSON.parse(String(m.data)) as { id?: number; result?: unknown };
  if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
});
const send = <T>(method: string, params: object = {}) =>
  new Promise<T>((resolve) => {
    seq += 1;
    pending.set(seq, resolve as (r: unknown) => void);
    ws.send(JSON.stringify({ id: seq, method, params }));
  });

const cookie = await createContext(BASE, '', 0).login('eleanor@club.example', process.env.SEED_DEMO_PASSWORD ?? SEED_DEFAULTS.demoPassword);
const load = (amount: number) => autocannon({ url: BASE + route, connections: 20, amount, headers: { cookie } });
await load(200);
await send('Profiler.enable');
await send('Profiler.setSamplingInterval', { interval: 100 });
await send('Profiler.start');
const run = await load(Number(process.env.PROFILE_REQUESTS ?? 2000));
const { profile } = await send<{ profile: Profile }>('Profiler.stop');
ws.close();

const out = path.join(ROOT, '.perf', `${route.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '')}.cpuprofile`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(profile));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  if (functionName === '(idle)') return;
  const dt = profile.timeDeltas[i] ?? 0;
  busy += dt;
  const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + dt);
});
console.log(
  `${route}: ${run.requests.total} requests, ${run.requests.average.toFixed(0)} req/s; busy ${(busy / 1000 / run.requests.total).toFixed(2)} ms a request (sampled); ${out}`,
);
for (const [key, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((t / busy) * 100).toFixed(1).padStart(5)}%  ${key}`);
process.exit(0);
