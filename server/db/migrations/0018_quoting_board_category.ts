import type { Migration } from '../dialect';

/**
 * Quoting at volume (issue 15, speed), the board's second look:
 *  - a quoting team's market of one goods category (an equality on the category, the open states,
 *    newest first) reads its page and its count from one index; without it the open states' index
 *    led, and every open ask was read and sorted for a page of 20 (10 ms on 1,000,000 asks);
 *  - the quotes' index on the ask alone goes: the ask-and-team index (0011) serves every query it
 *    did, and each automatic quote has one index less to write.
 */
export const migration: Migration = {
  async up(db) {
    await db.schema.createIndex('price_asks_category_status_id').on('price_asks').columns(['category', 'status', 'id']).execute();
    await db.schema.dropIndex('price_quotes_ask_id').execute();
  },
};
