import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChatHub } from './hub';
import type { MessageWriter } from './messages';

/** What chat's routes and socket work with: the database, the live side and the message writer. */
export interface ChatContext {
  db: Kysely<Database>;
  hub: ChatHub;
  writer: MessageWriter;
}
