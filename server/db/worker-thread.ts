import { createRequire } from 'node:module';
import type * as Threads from 'node:worker_threads';

const requireAtRunTime = createRequire(import.meta.url);

/**
 * A worker thread, with node:worker_threads loaded at the first one: compiling its modules was
 * about 6 ms of every start's CPU time, for threads that start 10 s later (the checkpointer) or
 * at the first read of a large list (the read pool), if at all.
 */
export function startWorker(source: string, options: Threads.WorkerOptions): Threads.Worker {
  const threads = requireAtRunTime('node:worker_threads') as typeof Threads;
  return new threads.Worker(source, options);
}
