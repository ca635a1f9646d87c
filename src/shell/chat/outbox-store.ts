import type { ChatCore } from './chat-state';
import { writeOutbox, type OutboxEntry } from './outbox';

export type OutboxStore = ReturnType<typeof createOutboxStore>;

/** The unconfirmed messages in the chat's state, written to the browser's storage with every change. */
export function createOutboxStore({ me, storage, state, patch }: ChatCore) {
  function change(edit: (entries: OutboxEntry[]) => OutboxEntry[]) {
    const before = state.get().outbox;
    const after = edit(before);
    if (after === before) return;
    patch({ outbox: after });
    writeOutbox(storage, me, after);
  }
  return {
    entries: () => state.get().outbox,
    change,
    remove(match: (entry: OutboxEntry) => boolean) {
      change((entries) => (entries.some(match) ? entries.filter((entry) => !match(entry)) : entries));
    },
    setState(client_msg_id: string, next: OutboxEntry['state']) {
      change((entries) =>
        entries.some((e) => e.client_msg_id === client_msg_id && e.state !== next)
          ? entries.map((e) => (e.client_msg_id === client_msg_id ? { ...e, state: next } : e))
          : entries,
      );
    },
  };
}
