import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { NOTICE_HTML, type NoticeType } from '../../src/contract/api/notice';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { insertRows } from '../db/batch';
import { htmlSanitizer } from '../http/html-sanitizer';

export type NoticeTarget = { kind: 'user' | 'role' | 'team'; id: number } | { kind: 'all'; id?: null };

/**
 * HTML the server wrote from its own markup with every value escaped (`noticeHtml`): stored as it
 * is. Events send notices in batches of thousands (automatic quotes), and parsing each through the
 * sanitizer cost more than storing it.
 */
export interface BuiltHtml {
  readonly built: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A notice's HTML from a template: its literal parts are the markup, each value is text. */
export function noticeHtml(parts: TemplateStringsArray, ...values: Array<string | number>): BuiltHtml {
  return { built: parts.reduce((html, part, i) => html + escapeHtml(values[i - 1]) + part) };
}

export interface NewNotice {
  type: NoticeType;
  /** HTML; whatever the allow-list does not name is dropped before it is stored (unless built by `noticeHtml`). */
  content: string | BuiltHtml;
  find_id: string;
  target: NoticeTarget;
  createdBy: number | null;
}

const sanitize = htmlSanitizer((sanitizeHtml) => ({
  allowedTags: [...NOTICE_HTML.tags],
  allowedAttributes: { a: [...NOTICE_HTML.linkAttributes] },
  allowedSchemes: [...NOTICE_HTML.linkSchemes],
  allowProtocolRelative: false,
  // Links leave the console in a new tab that cannot reach back through window.opener.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
}));

function sanitized(notice: NewNotice): string {
  const content = (typeof notice.content === 'string' ? sanitize(notice.content) : notice.content.built).trim();
  if (!content) throw new ApiError(Code.badRequest, 'noticeContentEmpty');
  return content;
}

function noticeRow(notice: NewNotice, now: number) {
  return {
    type: notice.type,
    content: sanitized(notice),
    find_id: notice.find_id,
    target_kind: notice.target.kind,
    target_id: notice.target.id ?? null,
    created_by: notice.createdBy,
    created_at: now,
  };
}

/** Stores a notice for its target; the console of every receiver pops it up on its next poll. */
export async function notify(db: Kysely<Database>, notice: NewNotice, now = Date.now()): Promise<number> {
  const { id } = await db.insertInto('notices').values(noticeRow(notice, now)).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Stores many notices at once (events of a batch), in as few multi-row statements as the database takes. */
export async function notifyMany(db: Kysely<Database>, notices: readonly NewNotice[], now = Date.now()): Promise<void> {
  const rows = notices.map((notice) => noticeRow(notice, now));
  await insertRows(db, 'notices', rows);
}
