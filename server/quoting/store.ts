/**
 * The SQL of quoting: rules and their index, automatic quotes and the manual queue, the changes a
 * quote or an accept makes to its ask and to the other quotes, expiry, and the notices those events
 * send. Every function takes the transaction it runs in.
 */
import { sql, type Kysely } from 'kysely';
import type { Insertable, Selectable } from 'kysely';
import type { AskQueueTable, AutoQuoteLogTable, Database, PriceQuoteTable, QuoteRuleTable } from '../db/schema';
import { insertRows, insertSlices } from '../db/batch';
import type { NoticeType } from '../../src/contract/api/notice';
import { notify, notifyMany, noticeHtml, type NewNotice } from '../notices/notify';
import { writeTimeline, writeTimelines, type TimelineStep } from '../resources/workflow';
import { coverageOf, candidates, expiresAt, indexRules, type AskToMatch, type Coverage, type QuoteRule, type RuleIndex } from './rules';

/** Who did it, for the timeline: a user, or the rules (no user). */
export interface Actor {
  userId: number | null;
  userName: string;
  teamId: number | null;
}

export const RULES_ACTOR: Actor = { userId: null, userName: '自动报价', teamId: null };
export const EXPIRY_ACTOR: Actor = { userId: null, userName: '系统', teamId: null };

const yuan = (fen: number) => (fen / 100).toFixed(2);

export async function timeline(trx: Kysely<Database>, resource: 'price_asks' | 'price_quotes' | 'ask_queue', id: number, action: string, from: string | null, to: string | null, actor: Actor, at: number, note = '') {
  await writeTimeline(trx, { resource, recordId: id, action, from, to, caller: actor, note, at });
}

/** A notice an event sends to a team: written by nobody (the event), so no team's writers list it as theirs. */
export async function noticeTeam(trx: Kysely<Database>, type: NoticeType, teamId: number, askNo: string, content: string, at: number) {
  await notify(trx, { type, content, find_id: askNo, target: { kind: 'team', id: teamId }, createdBy: null }, at);
}

// ---- rules --------------------------------------------------------------------------------

/** The last index built, under the fingerprint of the rules it was built from. */
let cached: { fingerprint: string; index: RuleIndex } | null = null;

function toRule(row: Selectable<QuoteRuleTable>): QuoteRule {
  return {
    ...row,
    cost_fen: Number(row.cost_fen),
    fixed_fen: Number(row.fixed_fen),
    floor_fen: Number(row.floor_fen),
    enabled: Number(row.enabled) === 1,
  };
}

/**
 * The index of every enabled rule, rebuilt when the rules changed, so a rule saved by any process is
 * used from the next ask (or batch of asks) on. Whether they changed is asked of the shared database
 * in one aggregate: their count, newest id and the sum of their versions (every edit raises one, a
 * delete lowers the count, a create raises the newest id). No clock is compared, so processes on
 * machines whose clocks differ agree; no message has to arrive, so none can be lost: an invalidation
 * sent over Redis pub/sub could be, leaving a process quoting by a rule that no longer holds.
 */
export async function ruleIndex(db: Kysely<Database>): Promise<RuleIndex> {
  const mark = await db
    .selectFrom('quote_rules')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`sum(version)`.as('edits'), sql<number | null>`max(id)`.as('top')])
    .executeTakeFirstOrThrow();
  const fingerprint = `${mark.n}:${mark.edits}:${mark.top}`;
  if (cached?.fingerprint === fingerprint) return cached.index;
  const rows = await db.selectFrom('quote_rules').selectAll().where('enabled', '=', 1).execute();
  const index = indexRules(rows.map(toRule));
  cached = { fingerprint, index };
  return index;
}

export async function quotingTeams(db: Kysely<Database>): Promise<number[]> {
  return (await db.selectFrom('teams').select('id').where('type', '=', 2).orderBy('id').execute()).map((t) => t.id);
}

// ---- asks and quotes ------------------------------------------------------------------------

export interface AskRow extends AskToMatch {
  id: number;
  ask_no: string;
  team_id: number;
  status: string;
  expected_price_fen: number | null;
}

export async function askById(db: Kysely<Database>, id: number): Promise<AskRow | null> {
  const row = await db
    .selectFrom('price_asks')
    .select(['id', 'ask_no', 'team_id', 'status', 'goods_name', 'spec', 'sku', 'category', 'quantity', 'expected_price_fen'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, expected_price_fen: row.expected_price_fen === null ? null : Number(row.expected_price_fen) } : null;
}

/** A pending ask gets its first quote: it becomes quoted. */
export async function markQuoted(trx: Kysely<Database>, ask: AskRow, actor: Actor, now: number): Promise<void> {
  const moved = await trx
    .updateTable('price_asks')
    .set((eb) => ({ status: 'quoted', version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', ask.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) await timeline(trx, 'price_asks', ask.id, 'quote', 'pending', 'quoted', actor, now);
}

/** After a quote arrived: the ask is quoted, its asking team told (type 2), the team's queue item done. */
export async function quoteArrived(trx: Kysely<Database>, ask: AskRow, quote: { id: number; quote_no: string; team_id: number; price_fen: number }, actor: Actor, now: number) {
  await markQuoted(trx, ask, actor, now);
  await trx
    .updateTable('ask_queue')
    .set((eb) => ({ status: 'quoted', version: eb('version', '+', 1), updated_at: now }))
    .where('ask_id', '=', ask.id)
    .where('team_id', '=', quote.team_id)
    .where('status', 'in', ['open', 'claimed'])
    .execute();
  await noticeTeam(trx, 2, ask.team_id, ask.ask_no, `您的询价单 <b>${ask.ask_no}</b>（${ask.goods_name}）收到新报价 ${quote.quote_no}：单价 ${yuan(quote.price_fen)} 元`, now);
}

/** What one team's rules made of one ask: a quote to write, or the reason it goes to the team's queue. */
interface Outcome {
  ask: AskRow;
  team: number;
  coverage: Coverage;
}

/** Every quoting team's outcome on every ask, in ask then team order (the order the log is written in). */
function outcomesOf(index: RuleIndex, teams: number[], asks: readonly AskRow[]): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const ask of asks) {
    const byTeam = new Map<number, QuoteRule[]>();
    for (const rule of candidates(index, ask)) {
      const list = byTeam.get(rule.team_id);
      if (list) list.push(rule);
      else byTeam.set(rule.team_id, [rule]);
    }
    for (const team of teams) outcomes.push({ ask, team, coverage: coverageOf(byTeam.get(team) ?? [], ask) });
  }
  return outcomes;
}

/** Inserts the quotes the rules made, numbered in order, in multi-row statements; answers their ids in the same order. */
async function insertRuleQuotes(trx: Kysely<Database>, made: Array<{ ask: AskRow; rule: QuoteRule; price: number }>, numbers: string[], now: number): Promise<number[]> {
  const rows: Insertable<PriceQuoteTable>[] = made.map(({ ask, rule, price }, i) => ({
    team_id: rule.team_id,
    ask_id: ask.id,
    quote_no: numbers[i],
    quote_type: rule.quote_type,
    price_fen: price,
    quantity: ask.quantity,
    delivery_days: rule.delivery_days,
    status: 'submitted',
    quoted_by: null,
    remark: `自动报价：${rule.name}`.slice(0, 255),
    validity_hours: rule.validity_hours,
    expires_at: expiresAt(now, rule.validity_hours),
    rule_id: rule.id,
    version: 1,
    created_by: null,
    created_at: now,
    updated_at: now,
  }));
  // RETURNING promises no order on either database: the quote numbers (unique) pair the ids back.
  const ids = new Map((await insertRows(trx, 'price_quotes', rows, ['id', 'quote_no'])).map((row) => [row.quote_no, Number(row.id)]));
  return numbers.map((n) => ids.get(n)!);
}

/**
 * Asks the rules quoted become automatic, and the pending ones quoted, each with its timeline step.
 * Each row is written once: the pending ones (all of them, for new asks) in one UPDATE with both
 * changes, any other only made automatic.
 */
async function markAutoQuoted(trx: Kysely<Database>, asks: AskRow[], now: number): Promise<TimelineStep[]> {
  const steps: TimelineStep[] = [];
  for (const slice of insertSlices(asks.map((a) => ({ id: a.id })))) {
    const ids = slice.map((a) => a.id);
    const moved = await trx
      .updateTable('price_asks')
      .set((eb) => ({ handle_mode: 'auto', status: 'quoted', version: eb('version', '+', 1), updated_at: now }))
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .returning('id')
      .execute();
    if (moved.length < ids.length) await trx.updateTable('price_asks').set({ handle_mode: 'auto' }).where('id', 'in', ids).where('status', '<>', 'pending').execute();
    for (const { id } of moved) steps.push({ resource: 'price_asks', recordId: id, action: 'quote', from: 'pending', to: 'quoted', caller: RULES_ACTOR, at: now });
  }
  for (const ask of asks) ask.status = 'quoted';
  return steps;
}

/**
 * What every quoting team does with new (or re-asked) asks: the first rule of the team that covers
 * an ask quotes at once; a team none of whose rules does gets the ask in its manual queue, and the
 * log says why. Each asker hears once of every quote the rules made on an ask. The rows of the whole
 * batch (quotes, timeline, queue, log, notices) are written in a few multi-row statements in the
 * caller's transaction, so many asks cost little more than one. `numbersOf` gives quote numbers.
 */
export async function handleNewAsks(trx: Kysely<Database>, asks: readonly AskRow[], numbersOf: (count: number) => Promise<string[]>, now: number): Promise<{ quoted: number; queued: number }> {
  if (asks.length === 0) return { quoted: 0, queued: 0 };
  const outcomes = outcomesOf(await ruleIndex(trx), await quotingTeams(trx), asks);
  const made = outcomes.flatMap(({ ask, coverage }) => (coverage.kind === 'quote' ? [{ ask, rule: coverage.rule, price: coverage.price_fen }] : []));
  const quoteIds = await insertRuleQuotes(trx, made, await numbersOf(made.length), now);

  const steps: TimelineStep[] = made.map((m, i) => ({ resource: 'price_quotes', recordId: quoteIds[i], action: 'create', from: null, to: 'submitted', caller: { ...RULES_ACTOR, teamId: m.rule.team_id }, note: m.rule.name, at: now }));
  const queue: Insertable<AskQueueTable>[] = [];
  const logs: Insertable<AutoQuoteLogTable>[] = [];
  let next = 0;
  for (const { ask, team, coverage } of outcomes) {
    const common = { team_id: team, ask_id: ask.id, created_at: now, updated_at: now };
    if (coverage.kind === 'quote') {
      // `made` lists the quoting outcomes in this same order.
      logs.push({ ...common, rule_id: coverage.rule.id, quote_id: quoteIds[next++], outcome: 'quoted', detail: `规则「${coverage.rule.name}」报价 ${yuan(coverage.price_fen)} 元`.slice(0, 255) });
    } else {
      queue.push({ ...common, status: 'open', assignee_id: null, reason: '' });
      logs.push({ ...common, rule_id: null, quote_id: null, outcome: 'unmatched', detail: coverage.reason });
    }
  }
  await insertRows(trx, 'ask_queue', queue);
  await insertRows(trx, 'auto_quote_log', logs);

  const pricesOf = new Map<AskRow, number[]>();
  for (const m of made) pricesOf.set(m.ask, [...(pricesOf.get(m.ask) ?? []), m.price]);
  const quotedAsks = [...pricesOf.keys()];
  steps.push(...(await markAutoQuoted(trx, quotedAsks, now)));
  await writeTimelines(trx, steps);
  const notices = quotedAsks.map((ask): NewNotice => {
    const prices = pricesOf.get(ask)!;
    const content = noticeHtml`您的询价单 <b>${ask.ask_no}</b>（${ask.goods_name}）收到 ${prices.length} 条自动报价，最低单价 ${yuan(Math.min(...prices))} 元`;
    return { type: 2, content, find_id: ask.ask_no, target: { kind: 'team', id: ask.team_id }, createdBy: null };
  });
  await notifyMany(trx, notices, now);
  return { quoted: made.length, queued: queue.length };
}

/** One new ask, as the API creates it: the batch of one. */
export async function handleNewAsk(trx: Kysely<Database>, ask: AskRow, numbersOf: (count: number) => Promise<string[]>, now: number): Promise<{ quoted: number; queued: number }> {
  return handleNewAsks(trx, [ask], numbersOf, now);
}

/** A public ask lands in one team's manual queue only. */
export async function queueFor(trx: Kysely<Database>, teamId: number, askId: number, now: number): Promise<void> {
  await trx.insertInto('ask_queue').values({ team_id: teamId, ask_id: askId, status: 'open', assignee_id: null, reason: '', created_at: now, updated_at: now }).execute();
}

/** Whether the team already holds a live quote on the ask (one quote per team; it is revised instead). */
export async function teamHasQuote(trx: Kysely<Database>, askId: number, teamId: number, except: number): Promise<boolean> {
  const row = await trx
    .selectFrom('price_quotes')
    .select('id')
    .where('ask_id', '=', askId)
    .where('team_id', '=', teamId)
    .where('id', '<>', except)
    .where('status', 'in', ['submitted', 'accepted'])
    .executeTakeFirst();
  return !!row;
}

/**
 * Accepting one quote: the ask becomes accepted (only from pending or quoted, so a second accept
 * racing the first finds nothing to change and answers false), the other submitted quotes are
 * rejected, and their teams are told.
 */
export async function acceptOn(trx: Kysely<Database>, askId: number, acceptedId: number, actor: Actor, now: number): Promise<boolean> {
  const ask = await askById(trx, askId);
  if (!ask) return false;
  const moved = await trx
    .updateTable('price_asks')
    .set((eb) => ({ status: 'accepted', version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', askId)
    .where('status', 'in', ['pending', 'quoted'])
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await timeline(trx, 'price_asks', askId, 'accept', ask.status, 'accepted', actor, now);
  await rejectOthers(trx, ask, acceptedId, actor, now, `您对询价单 <b>${ask.ask_no}</b> 的报价未被采纳：询价方已采纳其他报价`);
  await trx.updateTable('ask_queue').set({ status: 'declined', reason: '询价已采纳' }).where('ask_id', '=', askId).where('status', 'in', ['open', 'claimed']).execute();
  return true;
}

/** Rejects every submitted quote of an ask but one, each with its timeline step and a notice to its team. */
export async function rejectOthers(trx: Kysely<Database>, ask: AskRow, keep: number | null, actor: Actor, now: number, content: string): Promise<void> {
  let query = trx.selectFrom('price_quotes').select(['id', 'team_id']).where('ask_id', '=', ask.id).where('status', '=', 'submitted');
  if (keep !== null) query = query.where('id', '<>', keep);
  const others = await query.execute();
  if (others.length === 0) return;
  await trx
    .updateTable('price_quotes')
    .set((eb) => ({ status: 'rejected', version: eb('version', '+', 1), updated_at: now }))
    .where('id', 'in', others.map((q) => q.id))
    .execute();
  for (const quote of others) await timeline(trx, 'price_quotes', quote.id, 'reject', 'submitted', 'rejected', actor, now);
  for (const team of new Set(others.map((q) => q.team_id))) await noticeTeam(trx, 3, team, ask.ask_no, content, now);
}

/** The teams holding a live quote on an ask. */
export async function quotingTeamsOf(trx: Kysely<Database>, askId: number): Promise<number[]> {
  const rows = await trx.selectFrom('price_quotes').select('team_id').distinct().where('ask_id', '=', askId).where('status', '=', 'submitted').execute();
  return rows.map((r) => r.team_id);
}

// ---- expiry --------------------------------------------------------------------------------

/**
 * Asks past their deadline without an accept expire; submitted quotes past their validity expire.
 * Run before quoting reads and on a timer, so a list never shows an ask as open past its deadline.
 */
export async function expireDue(db: Kysely<Database>, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const asks = await trx.selectFrom('price_asks').select(['id', 'status']).where('status', 'in', ['pending', 'quoted']).where('deadline_at', '<', now).execute();
    if (asks.length > 0) {
      await trx
        .updateTable('price_asks')
        .set((eb) => ({ status: 'expired', version: eb('version', '+', 1), updated_at: now }))
        .where('id', 'in', asks.map((a) => a.id))
        .where('status', 'in', ['pending', 'quoted'])
        .execute();
      await trx.updateTable('ask_queue').set({ status: 'declined', reason: '询价已过期' }).where('ask_id', 'in', asks.map((a) => a.id)).where('status', 'in', ['open', 'claimed']).execute();
      for (const ask of asks) await timeline(trx, 'price_asks', ask.id, 'expire', ask.status, 'expired', EXPIRY_ACTOR, now);
    }
    const quotes = await trx.selectFrom('price_quotes').select('id').where('status', '=', 'submitted').where('expires_at', '<', now).execute();
    if (quotes.length > 0) {
      await trx
        .updateTable('price_quotes')
        .set((eb) => ({ status: 'expired', version: eb('version', '+', 1), updated_at: now }))
        .where('id', 'in', quotes.map((q) => q.id))
        .where('status', '=', 'submitted')
        .execute();
      for (const quote of quotes) await timeline(trx, 'price_quotes', quote.id, 'expire', 'submitted', 'expired', EXPIRY_ACTOR, now);
    }
    return asks.length + quotes.length;
  });
}

// ---- public asks and the ask page -----------------------------------------------------------

/** The team of a live quotation link, or null. */
export async function linkTeam(db: Kysely<Database>, hash: string, now: number): Promise<number | null> {
  const link = await db.selectFrom('share_links').select('team_id').where('token_hash', '=', hash).where('revoked_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
  return link?.team_id ?? null;
}

export async function operationTeam(db: Kysely<Database>): Promise<number | null> {
  return (await db.selectFrom('teams').select('id').where('type', '=', 3).orderBy('id').executeTakeFirst())?.id ?? null;
}

export interface PublicAsk {
  goods_name: string;
  spec: string;
  quantity: number;
  contact_name: string;
  contact_mobile: string;
}

/** A customer's ask: it belongs to the handling team and waits in that team's manual queue only. */
export async function insertPublicAsk(db: Kysely<Database>, team: number, ask: PublicAsk, askNo: (trx: Kysely<Database>) => Promise<string>, now: number): Promise<{ id: number; ask_no: string }> {
  return db.transaction().execute(async (trx) => {
    const ask_no = await askNo(trx);
    const { id } = await trx
      .insertInto('price_asks')
      .values({ ...ask, team_id: team, ask_no, expected_price_fen: null, kind: 'ordinary', status: 'pending', handle_mode: 'manual', deadline_at: null, remark: '公开询价', created_by: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await timeline(trx, 'price_asks', id, 'create', null, 'pending', { userId: null, userName: ask.contact_name, teamId: null }, now, '公开询价');
    await queueFor(trx, team, id, now);
    return { id, ask_no };
  });
}

export async function teamNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('teams').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- live ------------------------------------------------------------------------------------

/** The users of these teams and of every team of the given types. */
export async function usersOf(db: Kysely<Database>, teamIds: number[], teamTypes: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('teams as t', 't.id', 'u.team_id')
    .select('u.id')
    .where((eb) => eb.or([...(teamIds.length > 0 ? [eb('u.team_id', 'in', teamIds)] : []), ...(teamTypes.length > 0 ? [eb('t.type', 'in', teamTypes)] : [])]))
    .where('u.status', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** The teams that hold a quote or a queue item on an ask. */
export async function teamsOnAsk(db: Kysely<Database>, askId: number): Promise<number[]> {
  const quoted = await db.selectFrom('price_quotes').select('team_id').where('ask_id', '=', askId).execute();
  const queued = await db.selectFrom('ask_queue').select('team_id').where('ask_id', '=', askId).execute();
  return [...new Set([...quoted, ...queued].map((r) => r.team_id))];
}

export async function quotesOfAsk(db: Kysely<Database>, askId: number) {
  return db.selectFrom('price_quotes').select(['id', 'team_id', 'status']).where('ask_id', '=', askId).execute();
}

/** The open asks that name these goods: the same SKU, or the goods' name within the ask's goods name. */
export async function asksNaming(db: Kysely<Database>, name: string, sku: string): Promise<Array<{ id: number; ask_no: string; team_id: number }>> {
  const text = name.trim();
  if (!text && !sku) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('price_asks')
    .select(['id', 'ask_no', 'team_id'])
    .where('status', 'in', ['pending', 'quoted'])
    .where((eb) => eb.or([...(sku ? [eb('sku', '=', sku)] : []), ...(text ? [eb(sql<string>`goods_name`, 'like', sql<string>`${pattern} escape '\\'`)] : [])]))
    .limit(200)
    .execute();
}
