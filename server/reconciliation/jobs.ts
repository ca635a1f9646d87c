/**
 * Imports as jobs kept in the database. The upload is answered at once with a queued job; this
 * process reads and writes it in the background (two at a time), writing its state and progress
 * into the row every half second, so any server process answers the poll. A job belongs to the
 * process named in `worker`, which keeps `heartbeat_at` fresh: a job whose process is gone (a
 * restart, a crash) is marked failed instead of staying "running" forever.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, ReconImportJobTable } from '../db/schema';
import { RECON_IMPORT_HISTORY, RECON_IMPORT_PROGRESS_MS, type ReconImportJob, type ReconImportReport } from '../../src/contract/api/reconciliation';
import { ApiError } from '../http/errors';
import { message, type Language, type MessageKey } from '../http/messages';
import type { FileKind } from './file-kinds';
import { importFile, type ImportTarget } from './import-file';
import { openFile, type OpenBytes } from './read-table';

type Db = Kysely<Database>;
type JobState = ReconImportJobTable['state'];

const RUNNING: JobState[] = ['queued', 'reading', 'writing'];
/** How often a process says its jobs are still alive. */
const HEARTBEAT_MS = 5_000;
/** A running job unheard of for this long has lost its process. */
export const STALE_MS = 30_000;
/** Jobs one process runs at once; the rest wait queued. Reading a file is CPU work, and the machine has few cores. */
const CONCURRENCY = 2;

/** Worker names of the job runners alive in this process (tests run several servers in one). */
const liveWorkers = new Set<string>();

export interface NewJob {
  team: number;
  user: number;
  kind: FileKind;
  shop: string;
  fileName: string;
  preview: boolean;
  /** The uploaded file on disk; the job removes it when it ends. */
  path: string;
  bytes: number;
}

/** Whether the process a worker names is certainly gone: on this host, its pid is dead, or it is this process and no runner of that name lives. */
function workerGone(worker: string): boolean {
  const [host, pid] = worker.split(':');
  if (host !== os.hostname()) return false;
  if (Number(pid) === process.pid) return !liveWorkers.has(worker);
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function jobView(row: Selectable<ReconImportJobTable> & { creator: string | null }, lang: Language): ReconImportJob {
  return {
    id: row.id,
    kind: row.kind as FileKind,
    shop: row.shop_name,
    file_name: row.file_name,
    preview: row.preview === 1,
    state: row.state,
    bytes_total: row.bytes_total,
    bytes_done: row.bytes_done,
    rows_done: row.rows_done,
    report: row.report ? (JSON.parse(row.report) as ReconImportReport) : null,
    msg: row.error_key ? message(lang, row.error_key as MessageKey, row.error_params ? (JSON.parse(row.error_params) as Record<string, string | number>) : {}) : null,
    created_by: row.creator,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

export class ImportJobs {
  readonly worker = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly db: Db;
  private readonly running = new Map<number, AbortController>();
  private readonly waiting: Array<() => void> = [];
  private active = 0;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: ImportTarget,
    private readonly log: FastifyBaseLogger,
    /** How a job's uploaded file is opened for each pass (a test gives a file that fails to read). */
    private readonly open: (file: string) => OpenBytes = openFile,
  ) {
    this.db = target.db;
  }

  /** Starts saying this process is alive, and fails the jobs of processes that are not. */
  async start() {
    liveWorkers.add(this.worker);
    await this.sweep();
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async beat() {
    try {
      await this.db.updateTable('recon_import_jobs').set({ heartbeat_at: Date.now() }).where('worker', '=', this.worker).where('state', 'in', RUNNING).execute();
    } catch (error) {
      this.log.warn({ err: error }, 'recon import heartbeat failed');
    }
  }

  /** Jobs left running by a process that is gone are failed: "服务重启，导入中断，请重新导入". */
  async sweep(team?: number) {
    const now = Date.now();
    const rows = await this.db
      .selectFrom('recon_import_jobs')
      .select(['id', 'worker', 'heartbeat_at'])
      .where('state', 'in', RUNNING)
      .where('worker', '!=', this.worker)
      .$if(team !== undefined, (q) => q.where('team_id', '=', team!))
      .execute();
    const lost = rows.filter((row) => row.heartbeat_at < now - STALE_MS || workerGone(row.worker)).map((row) => row.id);
    if (lost.length > 0) await this.fail(lost, 'reconImportInterrupted', {});
  }

  private async fail(ids: number[], key: MessageKey, params: Record<string, string | number>) {
    await this.db
      .updateTable('recon_import_jobs')
      .set({ state: 'failed', error_key: key, error_params: JSON.stringify(params), finished_at: Date.now() })
      .where('id', 'in', ids)
      .where('state', 'in', RUNNING)
      .execute();
  }

  async create(job: NewJob): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('recon_import_jobs')
      .values({
        team_id: job.team,
        created_by: job.user,
        kind: job.kind,
        shop_name: job.shop.trim().slice(0, 100),
        file_name: job.fileName.slice(0, 255) || '-',
        preview: job.preview ? 1 : 0,
        state: 'queued',
        bytes_total: job.bytes,
        report: null,
        error_key: null,
        error_params: null,
        worker: this.worker,
        heartbeat_at: now,
        created_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Runs a created job when a slot is free; settles with its report, or rejects with why it failed
   * (the job row says so as well). Callers that answered already ignore the outcome.
   */
  async run(id: number, job: NewJob): Promise<ReconImportReport> {
    if (this.active >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      const report = await importFile(
        this.target,
        { team: job.team, kind: job.kind, shop: job.shop, write: !job.preview, open: this.open(job.path) },
        this.progressOf(id),
        controller.signal,
      );
      await this.db
        .updateTable('recon_import_jobs')
        .set({ state: 'done', report: JSON.stringify(report), bytes_done: job.bytes, rows_done: report.rows, finished_at: Date.now() })
        .where('id', '=', id)
        .where('state', 'in', RUNNING)
        .execute();
      return report;
    } catch (error) {
      if (controller.signal.aborted) await this.fail([id], 'reconImportInterrupted', {});
      else if (error instanceof ApiError) {
        // A file refused for what its reader met: why, in the log, should the file be one the platforms really send.
        if (error.cause) this.log.warn({ err: error.cause, job: id, reason: error.key }, 'recon import file refused');
        await this.fail([id], error.key, error.params);
      } else {
        this.log.error({ err: error, job: id }, 'recon import failed');
        await this.fail([id], 'reconImportFailed', { id });
      }
      throw error;
    } finally {
      this.running.delete(id);
      rmSync(job.path, { force: true });
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /** Progress written at most every RECON_IMPORT_PROGRESS_MS, and at once when the state changes; never over a finished job. */
  private progressOf(id: number) {
    let state: JobState = 'queued';
    let last = 0;
    return (next: 'reading' | 'writing', bytes: number, rows: number) => {
      const now = Date.now();
      if (next === state && now - last < RECON_IMPORT_PROGRESS_MS) return;
      state = next;
      last = now;
      this.db
        .updateTable('recon_import_jobs')
        .set({ state: next, bytes_done: bytes, rows_done: rows, heartbeat_at: now })
        .where('id', '=', id)
        .where('state', 'in', RUNNING)
        .execute()
        .catch((error: unknown) => this.log.warn({ err: error, job: id }, 'recon import progress not saved'));
    };
  }

  private select() {
    return this.db
      .selectFrom('recon_import_jobs as j')
      .leftJoin('users as u', 'u.id', 'j.created_by')
      .selectAll('j')
      .select('u.name as creator');
  }

  /** One job of the team, or null (another team's job is no more visible than a missing one). */
  async get(team: number, id: number, lang: Language): Promise<ReconImportJob | null> {
    await this.sweep(team);
    const row = await this.select().where('j.id', '=', id).where('j.team_id', '=', team).executeTakeFirst();
    return row ? jobView(row, lang) : null;
  }

  /** The team's latest jobs, newest first: the import history. */
  async list(team: number, lang: Language): Promise<ReconImportJob[]> {
    await this.sweep(team);
    const rows = await this.select().where('j.team_id', '=', team).orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').limit(RECON_IMPORT_HISTORY).execute();
    return rows.map((row) => jobView(row, lang));
  }

  /** On shutdown: running jobs are stopped and marked interrupted, as no process will finish them. */
  async close() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    liveWorkers.delete(this.worker);
    for (const controller of this.running.values()) controller.abort();
    await this.db
      .updateTable('recon_import_jobs')
      .set({ state: 'failed', error_key: 'reconImportInterrupted', error_params: '{}', finished_at: Date.now() })
      .where('worker', '=', this.worker)
      .where('state', 'in', RUNNING)
      .execute();
  }
}
