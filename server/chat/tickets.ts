import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newToken, tokenHash } from '../auth/tokens';
import { checkLogin, type Caller } from '../auth/sessions';

export const TICKET_TTL_SECONDS = 60;

/**
 * A one-minute, single-use ticket that opens /chat/ws for this login, so that the long-lived access
 * token never travels in a URL (where proxies and logs keep it). Only its hash is stored, in the
 * database, so a ticket bought from one server process opens a socket on any other.
 */
export async function issueTicket(db: Kysely<Database>, sessionId: number, now = Date.now()): Promise<string> {
  const ticket = newToken();
  await db.deleteFrom('chat_tickets').where('expires_at', '<=', now).execute();
  await db.insertInto('chat_tickets').values({ token_hash: tokenHash(ticket), session_id: sessionId, expires_at: now + TICKET_TTL_SECONDS * 1000 }).execute();
  return ticket;
}

/** The login a ticket was issued to, once: the ticket is gone after this, whatever the answer. */
export async function redeemTicket(db: Kysely<Database>, ticket: string, now = Date.now()): Promise<Caller | null> {
  const used = await db.deleteFrom('chat_tickets').where('token_hash', '=', tokenHash(ticket)).returning(['session_id', 'expires_at']).executeTakeFirst();
  if (!used || used.expires_at <= now) return null;
  // The login it was bought with must still be alive.
  return checkLogin(db, used.session_id, now);
}
