import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuditAction } from './actions';

export interface LogEntry {
  userId: number | null;
  username: string;
  action: AuditAction;
  target?: string;
  ip: string;
  result: 'ok' | 'fail';
  detail?: string;
}

/** One line of the system log: who did what, when, from where, and how it went. */
export async function recordLog(db: Kysely<Database>, entry: LogEntry, now = Date.now()): Promise<void> {
  await db
    .insertInto('system_logs')
    .values({
      user_id: entry.userId,
      username: entry.username.slice(0, 64),
      action: entry.action,
      target: entry.target ?? '',
      ip: entry.ip,
      result: entry.result,
      detail: entry.detail ?? '',
      created_at: now,
    })
    .execute();
}
