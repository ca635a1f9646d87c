import { sql } from 'kysely';

/**
 * The next lock version of a row of a versioned table. Every write to such a row takes it, whichever
 * route makes it, so an edit form opened before gets 409 instead of overwriting the change.
 */
export const nextVersion = sql<number>`version + 1`;
