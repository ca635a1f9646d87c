import { describe, expect, it } from 'vitest';
import { editorVisible, sortSessions, unreadTotal } from '../../../../src/shell/chat/sessions';
import { conversationOf, mergeRecords, messageFloat } from '../../../../src/shell/chat/records';
import { recordsAfter } from '../../../../src/shell/chat/catch-up';
import { RECORDS_LIMIT_MAX, type RecordsBody } from '../../../../src/contract/api/chat';
import { record, session } from './fixtures';

describe('the session list order', () => {
  it('puts the newest updated_at first, with pinned sessions above all others', () => {
    const rows = [
      session(1, { updated_at: 100 }),
      session(2, { updated_at: 300 }),
      session(3, { updated_at: 50, is_top: 1 }),
      session(4, { updated_at: 200 }),
      session(5, { updated_at: 10, is_top: 1 }),
    ];
    expect(sortSessions(rows).map((s) => s.receiver_id)).toEqual([3, 5, 2, 4, 1]);
  });
});

describe('the unread total', () => {
  it('adds every session but the muted ones', () => {
    expect(unreadTotal([session(1, { un_read_num: 3 }), session(2, { un_read_num: 5, is_disturb: 1 }), session(3, { un_read_num: 2 })])).toBe(5);
    expect(unreadTotal([])).toBe(0);
  });
});

describe('the editor', () => {
  it('shows for people, and for robots only when they take input (is_talk 1)', () => {
    expect(editorVisible({ is_robot: 0, is_talk: 0 })).toBe(true);
    expect(editorVisible({ is_robot: 1, is_talk: 1 })).toBe(true);
    expect(editorVisible({ is_robot: 1, is_talk: 0 })).toBe(false);
  });
});

describe('message float', () => {
  it('is right for my messages, left for others and centre for the system', () => {
    expect(messageFloat({ send_id: 7, msg_type: 1 }, 7)).toBe('right');
    expect(messageFloat({ send_id: 8, msg_type: 1 }, 7)).toBe('left');
    expect(messageFloat({ send_id: 0, msg_type: 1 }, 7)).toBe('center');
    expect(messageFloat({ send_id: -1, msg_type: 1 }, 7)).toBe('center');
    expect(messageFloat({ send_id: 8, msg_type: 1000 }, 7)).toBe('center');
  });
});

describe('merging records', () => {
  it('keeps each record once, in sequence order, whichever way it came', () => {
    const held = [record(1), record(2), record(3)];
    const merged = mergeRecords(held, [record(5), record(3), record(4), record(5)]);
    expect(merged.map((r) => r.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(mergeRecords(merged, [record(0, { id: 100 }), record(2)]).map((r) => r.sequence)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('returns the same array when nothing is new, so nobody redraws', () => {
    const held = [record(1), record(2)];
    expect(mergeRecords(held, [record(2)])).toBe(held);
    expect(mergeRecords(held, [])).toBe(held);
  });
});

describe('the conversation of a message', () => {
  it('is the other user for a private message either way, and the group for a group message', () => {
    expect(conversationOf({ sender_id: 2, receiver_id: 7, talk_type: 1 }, 7).index_name).toBe('1_2');
    expect(conversationOf({ sender_id: 7, receiver_id: 2, talk_type: 1 }, 7).index_name).toBe('1_2');
    expect(conversationOf({ sender_id: 2, receiver_id: 30, talk_type: 2 }, 7).index_name).toBe('2_30');
  });
});

describe('catching up', () => {
  it('asks page after page after the last sequence held until a short page', async () => {
    const asked: RecordsBody[] = [];
    const all = Array.from({ length: RECORDS_LIMIT_MAX + 20 }, (_, i) => record(41 + i));
    const missed = await recordsAfter(
      async (body) => {
        asked.push(body);
        const rows = all.filter((r) => r.sequence > body.after_sequence!).slice(0, body.limit);
        return { rows, record_id: 0, limit: body.limit! };
      },
      { talk_type: 1, receiver_id: 2 },
      40,
    );
    expect(asked.map((b) => b.after_sequence)).toEqual([40, 40 + RECORDS_LIMIT_MAX]);
    expect(asked.every((b) => b.talk_type === 1 && b.receiver_id === 2 && b.record_id === undefined)).toBe(true);
    expect(missed.map((r) => r.sequence)).toEqual(all.map((r) => r.sequence));
  });
});
