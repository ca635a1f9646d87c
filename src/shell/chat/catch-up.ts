import { RECORDS_LIMIT_MAX, type ChatRecord, type RecordsBody, type RecordsPage, type TalkType } from '../../contract/api/chat';

/**
 * Every record of a conversation after `afterSequence`, oldest first, page by page: what a client
 * missed while its socket was down. Merging the result with mergeRecords keeps each record once.
 */
export async function recordsAfter(
  fetchPage: (body: RecordsBody) => Promise<RecordsPage>,
  conversation: { talk_type: TalkType; receiver_id: number },
  afterSequence: number,
): Promise<ChatRecord[]> {
  const missed: ChatRecord[] = [];
  let after = afterSequence;
  for (;;) {
    const { rows } = await fetchPage({ ...conversation, after_sequence: after, limit: RECORDS_LIMIT_MAX });
    missed.push(...rows);
    const last = rows.at(-1);
    if (!last || rows.length < RECORDS_LIMIT_MAX || last.sequence <= after) return missed;
    after = last.sequence;
  }
}
