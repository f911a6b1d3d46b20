// Preloaded (node --import) into a benchmarked server: on SIGUSR2 it collects garbage and writes
// process.memoryUsage() to HEAP_PROBE_FILE, so heaps are read from outside without an endpoint.
// With HEAP_SNAPSHOT_DIR set it also writes a heap snapshot there each time (compare two in DevTools'
// Comparison view, or by constructor, to see what each socket keeps alive).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';

let snapshots = 0;
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  writeFileSync(process.env.HEAP_PROBE_FILE, JSON.stringify(process.memoryUsage()));
  if (process.env.HEAP_SNAPSHOT_DIR) {
    snapshots += 1;
    writeHeapSnapshot(join(process.env.HEAP_SNAPSHOT_DIR, `${process.pid}-${snapshots}.heapsnapshot`));
  }
});
