// The worker thread of the bench's video section (scripts/bench/videos.ts): walks the parts it is
// given, one after another, under the V8 heap limit the section sets, and reports how much the heap
// grew for each. A part whose walk needs more memory than the limit ends the thread (OOM).
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { mp4Format } from '../../src/worker/modules/images/mp4-boxes';
import { initialWalkState, walkPart } from '../../src/worker/modules/images/video-walk';
import { webmFormat } from '../../src/worker/modules/images/webm-elements';

export interface WalkerInput {
  total: number;
  partBytes: number;
  parts: { name: string; type: string; body: ArrayBuffer; maxElements: number }[];
}
export interface WalkerReport {
  name: string;
  /** Bytes the V8 heap grew by while walking the part. */
  grown: number;
}

const input = workerData as WalkerInput;
for (const { name, type, body, maxElements } of input.parts) {
  const before = v8.getHeapStatistics().total_heap_size;
  const bytes = new Uint8Array(body);
  walkPart(
    type === 'video/webm' ? webmFormat : mp4Format,
    initialWalkState(),
    bytes.subarray(0, input.partBytes),
    0,
    bytes.subarray(input.partBytes),
    input.total,
    maxElements,
  );
  parentPort!.postMessage({ name, grown: v8.getHeapStatistics().total_heap_size - before } satisfies WalkerReport);
}
