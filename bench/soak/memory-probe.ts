/**
 * Loaded into the soak's server (node --expose-gc --import): answers the soak's "memory" message
 * with the memory the process still holds after a full garbage collection — the JavaScript heap
 * plus what lives outside it (Buffers, and PGlite's WebAssembly memory) — and its resident size.
 * Resident memory alone grows and shrinks with the collector's mood, not with what is kept.
 */
import { setImmediate as turn } from 'node:timers/promises';

export type MemoryProbeAnswer = { liveMb: number; rssMb: number };

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

if (process.send && global.gc) {
  const collect = global.gc;
  process.on('message', async (message) => {
    if (message !== 'memory') return;
    // Two collections a turn apart: the first can leave objects that only its finalisers freed.
    collect();
    await turn();
    collect();
    const { heapUsed, external, rss } = process.memoryUsage();
    process.send!({ liveMb: mb(heapUsed + external), rssMb: mb(rss) } satisfies MemoryProbeAnswer);
  });
  // The channel never keeps the server alive on its own.
  process.channel?.unref();
}
