import type { ChatSession } from '../../contract/api/chat';

/** Spec §3: newest `updated_at` first, with pinned sessions above the rest. */
export function sortSessions(rows: readonly ChatSession[]): ChatSession[] {
  return [...rows].sort((a, b) => b.is_top - a.is_top || b.updated_at - a.updated_at || b.id - a.id);
}

/** The header's count: unread messages of every session that is not muted. */
export function unreadTotal(rows: readonly ChatSession[]): number {
  return rows.reduce((sum, row) => (row.is_disturb === 1 ? sum : sum + row.un_read_num), 0);
}

/** Spec §4 dialogue: the editor shows for people, and for robots that take input (is_talk 1). */
export function editorVisible(contact: { is_robot: number; is_talk?: number }): boolean {
  return contact.is_robot === 0 || contact.is_talk === 1;
}

/** The list with one session replaced (or added), sorted again. */
export function upsertSession(rows: readonly ChatSession[], session: ChatSession): ChatSession[] {
  return sortSessions([...rows.filter((row) => row.index_name !== session.index_name), session]);
}

/** The list with one session changed in place by `change`, sorted again; unchanged when it is missing. */
export function patchSession(
  rows: ChatSession[],
  index_name: string,
  change: (session: ChatSession) => Partial<ChatSession>,
): ChatSession[] {
  const found = rows.find((row) => row.index_name === index_name);
  return found ? upsertSession(rows, { ...found, ...change(found) }) : rows;
}
