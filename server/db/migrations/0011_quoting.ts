import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectTypes, Migration } from '../dialect';

/** A team-owned record table with the system columns of every resource (as 0002's business tables). */
function teamTable(db: Kysely<unknown>, t: DialectTypes, name: string): CreateTableBuilder<string, string> {
  return t
    .withId(db.schema.createTable(name))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.time, (c) => c.notNull())
    .addColumn('updated_at', t.time, (c) => c.notNull());
}

/**
 * Quoting end to end (issue 15): the timeline of every workflow record, what asks and quotes gained
 * (re-asks, urging, photos, public asks, validity, the rule that quoted), quoting teams' rules with
 * their log, and each quoting team's manual queue.
 */
export const migration: Migration = {
  async up(db, t) {
    // The day's serial of each numbered field (XJ…, BJ…): one row per table, field and day.
    await db.schema
      .createTable('document_serials')
      .addColumn('stem', 'varchar(120)', (c) => c.primaryKey())
      .addColumn('last', 'integer', (c) => c.notNull())
      .execute();

    await t
      .withId(db.schema.createTable('workflow_events'))
      .addColumn('resource', 'varchar(40)', (c) => c.notNull())
      .addColumn('record_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'varchar(40)', (c) => c.notNull())
      .addColumn('from_state', 'varchar(64)')
      .addColumn('to_state', 'varchar(64)')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('team_id', 'integer')
      .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('workflow_events_resource_record').on('workflow_events').columns(['resource', 'record_id']).execute();

    for (const [name, type, text] of [
      ['parent_ask_id', 'integer', false],
      ['urged_at', t.time, false],
      ['photos', 'text', true],
      ['sku', 'varchar(64)', true],
      ['category', 'varchar(64)', true],
      ['contact_name', 'varchar(64)', true],
      ['contact_mobile', 'varchar(20)', true],
    ] as const) {
      await db.schema
        .alterTable('price_asks')
        .addColumn(name, type, (c) => (text ? c.notNull().defaultTo('') : c))
        .execute();
    }
    await db.schema.createIndex('price_asks_sku').on('price_asks').column('sku').execute();

    await db.schema.alterTable('price_quotes').addColumn('validity_hours', 'integer', (c) => c.notNull().defaultTo(24)).execute();
    await db.schema.alterTable('price_quotes').addColumn('expires_at', t.time).execute();
    await db.schema.alterTable('price_quotes').addColumn('rule_id', 'integer').execute();
    await db.schema.createIndex('price_quotes_ask_id_team_id').on('price_quotes').columns(['ask_id', 'team_id']).execute();
    await db.schema.createIndex('price_quotes_status_expires_at').on('price_quotes').columns(['status', 'expires_at']).execute();

    await teamTable(db, t, 'quote_rules')
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('match_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('match_value', 'varchar(64)', (c) => c.notNull())
      .addColumn('price_mode', 'varchar(16)', (c) => c.notNull())
      .addColumn('cost_fen', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('markup_pct', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fixed_fen', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('floor_fen', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('delivery_days', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('validity_hours', 'integer', (c) => c.notNull().defaultTo(24))
      .addColumn('quote_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('quote_rules_match').on('quote_rules').columns(['match_type', 'match_value']).execute();
    await db.schema.createIndex('quote_rules_team_id_created_at').on('quote_rules').columns(['team_id', 'created_at']).execute();

    await teamTable(db, t, 'auto_quote_log')
      .addColumn('ask_id', 'integer', (c) => c.notNull().references('price_asks.id').onDelete('cascade'))
      .addColumn('rule_id', 'integer')
      .addColumn('quote_id', 'integer')
      .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
      .addColumn('detail', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('auto_quote_log_team_id_created_at').on('auto_quote_log').columns(['team_id', 'created_at']).execute();

    await teamTable(db, t, 'ask_queue')
      .addColumn('ask_id', 'integer', (c) => c.notNull().references('price_asks.id').onDelete('cascade'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('ask_queue_team_ask', ['team_id', 'ask_id'])
      .execute();
    await db.schema.createIndex('ask_queue_team_id_status').on('ask_queue').columns(['team_id', 'status']).execute();
  },
};
