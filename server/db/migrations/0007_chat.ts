import type { Migration } from '../dialect';

/**
 * Instant messaging: conversations and their records, each user's sessions (list entry and read
 * mark), groups and their members, robots and their reply rules, socket tickets and chat uploads.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('chat_groups'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
      // The group outlives its owner; ownership passes on when the owner leaves.
      .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('chat_group_members')
      .addColumn('group_id', 'integer', (c) => c.notNull().references('chat_groups.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('joined_at', t.time, (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_group_members_pk', ['group_id', 'user_id'])
      .execute();
    await db.schema.createIndex('chat_group_members_user').on('chat_group_members').column('user_id').execute();

    await t
      .withId(db.schema.createTable('chat_conversations'))
      .addColumn('talk_type', 'integer', (c) => c.notNull())
      // "1:<low user>:<high user>" or "2:<group>": one conversation per pair of users or per group.
      .addColumn('conv_key', 'varchar(48)', (c) => c.notNull().unique())
      .addColumn('group_id', 'integer', (c) => c.references('chat_groups.id').onDelete('cascade'))
      // The counter behind the gapless sequence: raised in the same transaction as the insert.
      .addColumn('last_sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();

    await t
      .withId(db.schema.createTable('chat_messages'))
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('talk_type', 'integer', (c) => c.notNull())
      // 0 for a system message, so no foreign key.
      .addColumn('send_id', 'integer', (c) => c.notNull())
      .addColumn('receiver_id', 'integer', (c) => c.notNull())
      .addColumn('msg_type', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      // JSON of MessageExtra.
      .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('client_msg_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      // Also the index of paging and catch-up.
      .addUniqueConstraint('chat_messages_sequence', ['conversation_id', 'sequence'])
      // A publish repeated with the same client id finds the stored record instead of adding one.
      .addUniqueConstraint('chat_messages_client_id', ['send_id', 'client_msg_id'])
      .execute();

    await t
      .withId(db.schema.createTable('chat_sessions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
      .addColumn('talk_type', 'integer', (c) => c.notNull())
      // From the owner's side: the other user, or the group.
      .addColumn('receiver_id', 'integer', (c) => c.notNull())
      .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_disturb', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('draft_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      // Every record up to this sequence counts as read by the owner; unread counts and receipts derive from it.
      .addColumn('read_sequence', 'integer', (c) => c.notNull().defaultTo(0))
      // Deleted from the list; the read mark stays, and the next message shows the session again.
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .addUniqueConstraint('chat_sessions_owner', ['user_id', 'talk_type', 'receiver_id'])
      .execute();
    await db.schema.createIndex('chat_sessions_list').on('chat_sessions').columns(['user_id', 'hidden', 'updated_at']).execute();
    await db.schema.createIndex('chat_sessions_conversation').on('chat_sessions').column('conversation_id').execute();
    // Who has this user in their list: the audience of its online status.
    await db.schema.createIndex('chat_sessions_peer').on('chat_sessions').columns(['talk_type', 'receiver_id']).execute();

    await db.schema
      .createTable('chat_robots')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      // 'assistant' for the built-in one that the "chat assistant" view opens.
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      // 1 when users may type to it (spec §3 input contact).
      .addColumn('is_talk', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('fallback_reply', 'text', (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();

    await t
      .withId(db.schema.createTable('chat_robot_rules'))
      .addColumn('robot_id', 'integer', (c) => c.notNull().references('chat_robots.user_id').onDelete('cascade'))
      .addColumn('keyword', 'varchar(100)', (c) => c.notNull())
      // contains or exact.
      .addColumn('match_mode', 'varchar(16)', (c) => c.notNull().defaultTo('contains'))
      .addColumn('reply', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_robot_rules_robot').on('chat_robot_rules').columns(['robot_id', 'sort']).execute();

    await db.schema
      .createTable('chat_tickets')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('session_id', 'integer', (c) => c.notNull().references('auth_sessions.id').onDelete('cascade'))
      .addColumn('expires_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_tickets_expires').on('chat_tickets').column('expires_at').execute();

    await t
      .withId(db.schema.createTable('chat_uploads'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('url', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      // image or file.
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
  },
};
