// Bench section: the video walk (issue 30, ADR 0011). The worst crafted 10 MiB first parts (the
// smallest elements in every branch of the walk, tests/worker/images/video-crafted.ts) against an
// ordinary part of the same container, as the member's request: PUT part 1, measured round by
// round (an ordinary part, then each crafted one), medians compared (budget: 3x). Then the walk's
// memory: each part walked in a worker thread whose V8 heap is capped so that, with the part
// itself, it stays within a Worker isolate's 128 MB; the cap lifted off the count of elements too,
// to show the memory does not grow with the elements.
import { Worker } from 'node:worker_threads';
import type { BenchContext, BenchRow } from './context';
import { round } from './context';
import type { WalkerInput, WalkerReport } from '../lib/video-walker';
import {
  CRAFTED_FILE_BYTES,
  PART_BYTES,
  craftedParts,
  craftedPartsUnderTheCount,
  ordinaryMp4,
  ordinaryWebm,
  type CraftedPart,
} from '../../tests/worker/images/video-crafted';
import { MAX_WALK_ELEMENTS } from '../../src/worker/modules/images/video-walk';

const ROUNDS = 3;
const BUDGET = 3;
/** A Worker isolate's memory, and what the walk's worker thread may use of it besides the part (10 MiB) and its copy. */
const ISOLATE_MB = 128;
const HEAP_MB = ISOLATE_MB - 24;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function putFirstPart(ctx: BenchContext, part: CraftedPart): Promise<{ ms: number; status: number }> {
  const headers = { Cookie: ctx.adminCookie, Origin: ctx.baseUrl };
  const created = await fetch(`${ctx.baseUrl}/api/videos/uploads`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'bench', size: CRAFTED_FILE_BYTES, type: part.type }),
  });
  if (created.status !== 201) throw new Error(`create upload answered ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  const t0 = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/videos/uploads/${id}/parts/1`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': 'application/octet-stream' },
    body: part.body,
  });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status === 200) await fetch(`${ctx.baseUrl}/api/videos/uploads/${id}`, { method: 'DELETE', headers });
  return { ms, status: res.status };
}

async function requestRows(ctx: BenchContext, ordinary: CraftedPart, crafted: CraftedPart[]): Promise<BenchRow[]> {
  const times = new Map<CraftedPart, number[]>([ordinary, ...crafted].map((p) => [p, []]));
  const statuses = new Map<CraftedPart, number>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const part of [ordinary, ...crafted]) {
      const { ms, status } = await putFirstPart(ctx, part);
      times.get(part)!.push(ms);
      statuses.set(part, status);
    }
  }
  const base = median(times.get(ordinary)!);
  return [
    { name: `PUT video part 1, ${ordinary.name}, median of ${ROUNDS}`, value: round(base), unit: 'ms' },
    ...crafted.map((p) => {
      const ratio = round(median(times.get(p)!) / base);
      return {
        name: `PUT video part 1, ${p.name} (${statuses.get(p) === 200 ? 'stored' : `refused ${statuses.get(p)}`}) / ordinary`,
        value: ratio,
        unit: 'x' as const,
        budget: `<= ${BUDGET}x`,
        ok: ratio <= BUDGET,
      };
    }),
  ];
}

async function memoryRows(parts: { part: CraftedPart; maxElements: number | null }[]): Promise<BenchRow[]> {
  const results: WalkerReport[] = [];
  const failure = await new Promise<string | null>((resolve) => {
    const input: WalkerInput = {
      total: CRAFTED_FILE_BYTES,
      partBytes: PART_BYTES,
      parts: parts.map(({ part, maxElements }) => ({
        name: `${part.name}${maxElements === null ? ', no count' : ''}`,
        type: part.type,
        body: part.body.buffer.slice(0),
        maxElements: maxElements ?? Number.MAX_SAFE_INTEGER,
      })),
    };
    const worker = new Worker(new URL('../lib/video-walker.ts', import.meta.url), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB - 16, maxYoungGenerationSizeMb: 16 },
    });
    worker.on('message', (m: WalkerReport) => results.push(m));
    worker.on('error', (err) => resolve(String(err)));
    worker.on('exit', (code) => resolve(code === 0 ? null : `exit ${code}`));
  });
  const largest = results.reduce((a, r) => (r.grown > a.grown ? r : a), { name: 'none', grown: 0 });
  return [
    {
      name: `Video walk of ${parts.length} crafted and ordinary parts under a ${HEAP_MB} MB V8 heap (with the 10 MiB part: ${ISOLATE_MB} MB)`,
      value: results.length,
      unit: 'count',
      budget: `= ${parts.length} walked${failure ? ` (${failure.slice(0, 60)})` : ''}`,
      ok: failure === null && results.length === parts.length,
    },
    { name: `Video walk, largest heap growth (${largest.name})`, value: round(largest.grown / 1024, 1), unit: 'KB' },
  ];
}

export async function run(ctx: BenchContext): Promise<BenchRow[]> {
  const crafted = [...craftedParts(), ...craftedPartsUnderTheCount(MAX_WALK_ELEMENTS)];
  const rows: BenchRow[] = [];
  for (const ordinary of [ordinaryWebm(), ordinaryMp4()]) {
    rows.push(
      ...(await requestRows(
        ctx,
        ordinary,
        crafted.filter((p) => p.type === ordinary.type),
      )),
    );
  }
  rows.push(
    ...(await memoryRows([
      { part: ordinaryWebm(), maxElements: null },
      { part: ordinaryMp4(), maxElements: null },
      ...craftedParts().flatMap((part) => [
        { part, maxElements: MAX_WALK_ELEMENTS },
        { part, maxElements: null },
      ]),
    ])),
  );
  return rows;
}
