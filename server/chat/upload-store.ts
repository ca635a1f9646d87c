/** Files uploaded for chat messages, so a message can name only a file its sender stored here. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChatUpload } from '../../src/contract/api/chat';

export async function recordUpload(db: Kysely<Database>, upload: ChatUpload, userId: number): Promise<void> {
  await db.insertInto('chat_uploads').values({ ...upload, user_id: userId, created_at: Date.now() }).execute();
}
