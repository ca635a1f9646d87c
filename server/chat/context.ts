import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChatHub } from './hub';
import type { BatchWriter } from '../db/batch';

/** What chat's routes and socket work with: the database, its batch writer and the live side. */
export interface ChatContext {
  db: Kysely<Database>;
  hub: ChatHub;
  writes: BatchWriter;
}
