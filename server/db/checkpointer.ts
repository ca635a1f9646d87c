/**
 * SQLite's WAL checkpoints, run on a worker thread.
 *
 * By default the connection that commits past 1,000 WAL pages copies the WAL back into the database
 * file inside that commit, on the main thread: a chat message's commit then waited tens of
 * milliseconds now and then, which is the p99 under load. Here the main connection never
 * checkpoints (wal_autocheckpoint = 0); a worker with its own connection to the same file runs a
 * PASSIVE checkpoint on a timer, which copies what no reader still needs and never blocks a writer.
 * When the WAL grows past a limit all the same (see RESTART_PAGES), the worker runs a RESTART that
 * waits a bounded time for readers, once PASSIVE has left little to copy (RESTART_REMAINDER_PAGES):
 * a RESTART holds every writer back while it copies, and after a burst of writes (a large import)
 * copying hundreds of megabytes outlasted a writer's busy timeout. Checkpoints are SQLite's own, as
 * crash-safe as the automatic ones.
 */
import type SQLite from 'better-sqlite3';
import type { Worker } from 'node:worker_threads';
import { startWorker } from './worker-thread';

/** How often the worker checkpoints. */
const INTERVAL_MS = 250;
/**
 * WAL pages (4 KiB each) past which a RESTART makes the next writer start the WAL over. PASSIVE
 * checkpoints copy pages while writers go on adding more, so under steady writes the WAL would
 * never find itself fully copied and start over; the RESTART holds writers back for what is left,
 * which PASSIVE has kept small.
 */
const RESTART_PAGES = 4_096;
/**
 * WAL pages a RESTART may still have to copy (4 MiB): a few milliseconds of writers held back. With
 * more left, PASSIVE goes on copying without blocking anyone until the rest is this small.
 */
const RESTART_REMAINDER_PAGES = 1_024;
/** How long a RESTART waits for readers (its busy timeout) before it gives up until next time. */
const RESTART_WAIT_MS = 50;
/**
 * The start-up is not slowed by the worker: it begins after this, the connection's own checkpoints
 * until then. Starting a worker (a Node environment of its own) costs tens of milliseconds of CPU:
 * a start that takes over a second on a busy machine paid it before its first login at 1 s.
 */
const START_DELAY_MS = 10_000;

export interface CheckpointerOptions {
  /** The database file. */
  file: string;
  /** better-sqlite3's entry and native addon, resolved by the caller (the worker has no bundle). */
  library: string;
  addon: string;
  /** For tests: a smaller WAL limit and no delay. */
  restartPages?: number;
  startDelayMs?: number;
}

// Plain JavaScript run by the worker with eval: the server may run as one compiled bundle, so the
// worker cannot be given a module file of its own. It answers nothing; it checkpoints until told to stop.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.library);
const db = new Database(workerData.file, { nativeBinding: workerData.addon });
db.pragma('busy_timeout = 0');
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)');
const timer = setInterval(() => {
  try {
    const { log, checkpointed } = passive.get();
    if (log >= workerData.restartPages && log - checkpointed <= workerData.restartRemainderPages) {
      db.pragma('busy_timeout = ' + workerData.restartWaitMs);
      try { restart.get(); } finally { db.pragma('busy_timeout = 0'); }
    }
  } catch (error) {
    if (error.code !== 'SQLITE_BUSY' && error.code !== 'SQLITE_LOCKED') throw error;
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker; the main connection's close then makes the last checkpoint itself. */
  stop(): Promise<void>;
}

/** Moves `sqlite`'s checkpoints to a worker thread once it has started. */
export function startCheckpointer(sqlite: SQLite.Database, options: CheckpointerOptions): Checkpointer {
  let worker: Worker | null = null;
  let stopped = false;
  const automatic = () => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  };
  const begin = () => {
    worker = startWorker(WORKER_SOURCE, {
      eval: true,
      workerData: { file: options.file, library: options.library, addon: options.addon, intervalMs: INTERVAL_MS, restartPages: options.restartPages ?? RESTART_PAGES, restartRemainderPages: RESTART_REMAINDER_PAGES, restartWaitMs: RESTART_WAIT_MS },
    });
    worker.unref();
    worker.once('online', () => {
      if (!stopped && sqlite.open) sqlite.pragma('wal_autocheckpoint = 0');
    });
    // A worker that fails hands checkpoints back to the connection rather than let the WAL grow.
    worker.once('error', automatic);
    worker.once('exit', automatic);
  };
  const timer = setTimeout(begin, options.startDelayMs ?? START_DELAY_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (!worker) return;
      const running = worker;
      worker = null;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      // Kept referenced until it is gone, or a closing process would not wait for it.
      running.ref();
      running.postMessage('stop');
      await exited;
    },
  };
}
