/** QR login requests, kept by the hash of their id so a leaked table opens no login. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { tokenHash } from './tokens';

export function qrLoginOf(db: Kysely<Database>, qrId: string) {
  return db.selectFrom('qr_logins').selectAll().where('token_hash', '=', tokenHash(qrId)).executeTakeFirst();
}

/** Opens a pending request and drops those expired longer ago than a lifetime. */
export async function openQrLogin(db: Kysely<Database>, qrId: string, requester: { ip: string; agent: string }, now: number, ttlMs: number): Promise<void> {
  await db
    .insertInto('qr_logins')
    .values({
      token_hash: tokenHash(qrId),
      status: 'pending',
      requester_ip: requester.ip,
      requester_agent: requester.agent,
      user_id: null,
      created_at: now,
      expires_at: now + ttlMs,
      confirmed_at: null,
    })
    .execute();
  await db.deleteFrom('qr_logins').where('expires_at', '<', now - ttlMs).execute();
}

/** Marks a confirmed request consumed; false when another poll took it first. */
export async function consumeQrLogin(db: Kysely<Database>, id: number): Promise<boolean> {
  const taken = await db.updateTable('qr_logins').set({ status: 'consumed' }).where('id', '=', id).where('status', '=', 'confirmed').executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

export async function confirmQrLogin(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  await db
    .updateTable('qr_logins')
    .set({ status: 'confirmed', user_id: userId, confirmed_at: Date.now() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
