/**
 * Quoting's resources: asks (询价单), quotes (报价单), quoting teams' rules with their log, and the
 * manual queue, each with its workflow (states, transitions and who takes them, server-owned
 * fields, which teams see which rows) and the hooks that make one event change the rest.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ResourceRecord, VisibilityRule, Workflow } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { builtin, codes, readWrite } from '../resources/builtin';
import { enumOf, field, lookup, money, numbered, options, remark, text } from '../resources/fields';
import type { ResourceCaller } from '../resources/caller';
import type { ResourceStore, TransitionStep } from '../resources/store';
import { stateLabel } from '../resources/workflow-definition';
import { draftOf, insertDraft, nextNumbers, throwFirst } from '../resources/write-records';
import { expiresAt, urgeWait } from './rules';
import {
  acceptOn,
  askById,
  asksNaming,
  expireDue,
  handleNewAsk,
  noticeTeam,
  quoteArrived,
  quotingTeamsOf,
  rejectOthers,
  teamHasQuote,
  timeline,
  type Actor,
} from './store';

const ASKING = 1;
const QUOTING = 2;
const OPERATION = 3;

const OPEN_ASK = ['pending', 'quoted'];

const ASK_STATES = options(
  ['pending', '待报价', 'Pending', 'orange'],
  ['quoted', '已报价', 'Quoted', 'blue'],
  ['accepted', '已采纳', 'Accepted', 'green'],
  ['closed', '已关闭', 'Closed', 'default'],
  ['expired', '已过期', 'Expired', 'default'],
);
const QUOTE_STATES = options(
  ['submitted', '已提交', 'Submitted', 'blue'],
  ['accepted', '已采纳', 'Accepted', 'green'],
  ['rejected', '未采纳', 'Rejected', 'red'],
  ['withdrawn', '已撤回', 'Withdrawn', 'default'],
  ['expired', '已过期', 'Expired', 'default'],
);
const QUEUE_STATES = options(
  ['open', '待处理', 'Open', 'orange'],
  ['claimed', '处理中', 'Claimed', 'blue'],
  ['quoted', '已报价', 'Quoted', 'green'],
  ['declined', '已拒绝', 'Declined', 'default'],
);
const QUOTE_TYPES = options(['spot', '现货', 'Spot', 'green'], ['transfer', '调货', 'Transfer', 'blue']);

const statesOf = (items: typeof ASK_STATES) => items.map((o) => ({ value: String(o.value), label: o.label, ...(o.color ? { color: o.color } : {}) }));
const label = (zh: string, en: string) => ({ zh, en });

/** The asking team sees its asks; quoting teams see the open ones (a market) and those they quoted; operation sees all. */
const ASK_VISIBILITY: VisibilityRule[] = [
  { teamTypes: [ASKING], rows: 'own' },
  { teamTypes: [QUOTING], rows: 'states', states: OPEN_ASK },
  { teamTypes: [QUOTING], rows: 'referenced', resource: 'price_quotes', field: 'ask_id' },
  { teamTypes: [QUOTING], rows: 'referenced', resource: 'ask_queue', field: 'ask_id' },
  { teamTypes: [OPERATION], rows: 'all' },
];

/** Sealed bids: a quoting team sees its own quotes; the asking team every quote on its asks; operation all. */
const QUOTE_VISIBILITY: VisibilityRule[] = [
  { teamTypes: [QUOTING], rows: 'own' },
  { teamTypes: [ASKING], rows: 'via', field: 'ask_id' },
  { teamTypes: [OPERATION], rows: 'all' },
];

const ASK_WORKFLOW: Workflow = {
  stateField: 'status',
  states: statesOf(ASK_STATES),
  transitions: [
    { name: 'close', label: label('关闭询价', 'Close'), from: OPEN_ASK, to: 'closed', who: { owner: 'team' }, confirm: label('关闭后报价方不能再报价，确定关闭？', 'Quoting teams can no longer quote. Close it?') },
    { name: 'urge', label: label('催报价', 'Urge quotes'), from: OPEN_ASK, who: { owner: 'team' } },
    {
      name: 'addprice',
      label: label('加价', 'Raise price'),
      from: OPEN_ASK,
      who: { owner: 'team' },
      params: [{ name: 'price_fen', title: label('新的期望单价', 'New expected price'), type: 'money', required: true, minimum: 1 }],
    },
    { name: 'reask', label: label('再次询价', 'Ask again'), from: ['closed', 'expired'], who: { owner: 'team' }, confirm: label('以相同商品发起一张新的询价单？', 'Ask again with the same goods?') },
  ],
  serverOwned: ['handle_mode', 'parent_ask_id', 'urged_at', 'contact_name', 'contact_mobile'],
  visibility: ASK_VISIBILITY,
};

const QUOTE_WORKFLOW: Workflow = {
  stateField: 'status',
  states: statesOf(QUOTE_STATES),
  transitions: [
    { name: 'accept', label: label('采纳', 'Accept'), from: ['submitted'], to: 'accepted', who: { teamTypes: [ASKING, OPERATION], owner: 'team', via: 'ask_id' }, confirm: label('采纳后其他报价将自动设为未采纳，确定采纳？', 'The other quotes will be rejected. Accept this one?') },
    {
      name: 'withdraw',
      label: label('撤回报价', 'Withdraw'),
      from: ['submitted'],
      to: 'withdrawn',
      who: { teamTypes: [QUOTING], owner: 'team' },
      confirm: label('撤回后询价方将看不到这条报价，确定撤回？', 'Withdraw this quote?'),
    },
  ],
  serverOwned: ['quoted_by', 'rule_id', 'expires_at'],
  visibility: QUOTE_VISIBILITY,
};

const QUEUE_WORKFLOW: Workflow = {
  stateField: 'status',
  states: statesOf(QUEUE_STATES),
  transitions: [
    { name: 'claim', label: label('认领', 'Claim'), from: ['open'], to: 'claimed', who: { teamTypes: [QUOTING, OPERATION], owner: 'team' } },
    {
      name: 'assign',
      label: label('指派', 'Assign'),
      from: ['open', 'claimed'],
      to: 'claimed',
      who: { teamTypes: [QUOTING, OPERATION], owner: 'team' },
      // The colleagues of the queue row's team, listed to its staff though they may not list users.
      params: [{ name: 'assignee_id', title: label('处理人', 'Assignee'), type: 'lookup', required: true, lookup: { resource: 'users', label: 'name' }, choices: 'recordTeam' }],
    },
    {
      name: 'decline',
      label: label('拒绝报价', 'Decline'),
      from: ['open', 'claimed'],
      to: 'declined',
      who: { teamTypes: [QUOTING, OPERATION], owner: 'team' },
      params: [{ name: 'reason', title: label('拒绝原因', 'Reason'), type: 'text', required: true, maxLength: 255 }],
    },
  ],
  serverOwned: ['ask_id', 'assignee_id', 'reason'],
};

const actorOf = (caller: ResourceCaller): Actor => ({ userId: caller.userId, userName: caller.userName, teamId: caller.teamId });
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Expiry runs before quoting is read, at most once a second per database. */
const lastExpiry = new WeakMap<Kysely<Database>, number>();
async function refresh(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  if (now - (lastExpiry.get(db) ?? 0) < 1000) return;
  lastExpiry.set(db, now);
  await expireDue(db, now);
}

async function askOf(trx: Kysely<Database>, id: unknown) {
  const ask = typeof id === 'number' ? await askById(trx, id) : null;
  if (!ask) throw new ApiError(Code.notFound, 'recordNotFound');
  return ask;
}

function askState(value: string, lang: 'zh' | 'en'): string {
  return stateLabel(priceAsks.definition, value, lang);
}

async function askTransition(step: TransitionStep): Promise<Record<string, number | string> | void> {
  const { trx, record, caller, now, params } = step;
  const ask = await askOf(trx, record.id);
  switch (step.transition) {
    case 'close':
      await rejectOthers(trx, ask, null, actorOf(caller), now, `询价单 <b>${ask.ask_no}</b> 已被询价方关闭，您的报价未被采纳`);
      await trx.updateTable('ask_queue').set({ status: 'declined', reason: '询价已关闭' }).where('ask_id', '=', ask.id).where('status', 'in', ['open', 'claimed']).execute();
      return;
    case 'urge': {
      const wait = urgeWait(record.urged_at === null ? null : Number(record.urged_at), now);
      if (wait > 0) throw new ApiError(Code.tooManyRequests, 'urgeTooSoon', { minutes: wait });
      return { urged_at: now };
    }
    case 'addprice': {
      const price = params.price_fen;
      if (typeof price !== 'number' || !Number.isInteger(price) || price <= 0) throw new ApiError(Code.badRequest, 'addpriceMissing');
      const before = ask.expected_price_fen ?? 0;
      if (price <= before) throw new ApiError(Code.badRequest, 'addpriceTooLow', { price: yuan(before) });
      for (const team of await quotingTeamsOf(trx, ask.id)) {
        await noticeTeam(trx, 3, team, ask.ask_no, `询价单 <b>${ask.ask_no}</b>（${ask.goods_name}）期望单价由 ${yuan(before)} 元加价到 ${yuan(price)} 元，可修改报价`, now);
      }
      return { expected_price_fen: price, kind: 'addprice' };
    }
    case 'reask':
      await reask(trx, record, caller, now);
      return;
    default:
      return;
  }
}

/** 再次询价: a new ask with the same goods, linked to the closed or expired one, handled like any new ask. */
async function reask(trx: Kysely<Database>, previous: ResourceRecord, caller: ResourceCaller, now: number): Promise<void> {
  const copied = ['goods_name', 'spec', 'sku', 'category', 'quantity', 'expected_price_fen', 'kind', 'photos', 'remark'];
  const draft = draftOf(priceAsks, caller, Object.fromEntries(copied.map((f) => [f, previous[f]])), null);
  throwFirst(draft.problems);
  draft.values.parent_ask_id = previous.id;
  draft.team = previous.team_id ?? caller.teamId;
  await insertDraft(trx, priceAsks, caller, draft, 'create', now);
}

async function askWritten(trx: Kysely<Database>, before: ResourceRecord | null, after: ResourceRecord | null, caller: ResourceCaller): Promise<void> {
  if (before || !after) return;
  const now = Number(after.created_at);
  await timeline(trx, 'price_asks', after.id, 'create', null, 'pending', actorOf(caller), now);
  const ask = await askOf(trx, after.id);
  await handleNewAsk(trx, ask, (count) => nextNumbers(trx, priceQuotes, 'quote_no', 'BJ', now, count), now);
}

async function quoteWritten(trx: Kysely<Database>, before: ResourceRecord | null, after: ResourceRecord | null, caller: ResourceCaller): Promise<void> {
  if (!after) return;
  const ask = await askOf(trx, after.ask_id);
  const now = Number(after.updated_at);
  if (!before) {
    if (!OPEN_ASK.includes(ask.status)) throw new ApiError(Code.conflict, 'askNotOpen', { ask: ask.ask_no, state: askState(ask.status, caller.lang) });
    if (await teamHasQuote(trx, ask.id, after.team_id!, after.id)) throw new ApiError(Code.conflict, 'quoteTwice', { ask: ask.ask_no });
    await timeline(trx, 'price_quotes', after.id, 'create', null, 'submitted', actorOf(caller), now);
    await quoteArrived(trx, ask, { id: after.id, quote_no: String(after.quote_no), team_id: after.team_id!, price_fen: Number(after.price_fen) }, actorOf(caller), now);
    return;
  }
  // A revision: only while submitted and the ask still open; the asker hears of a new price (type 3).
  if (before.status !== 'submitted' || !OPEN_ASK.includes(ask.status)) {
    throw new ApiError(Code.conflict, 'quoteNotEditable', { quote: String(before.quote_no), state: stateLabel(priceQuotes.definition, before.status, caller.lang) });
  }
  if (after.ask_id !== before.ask_id) throw new ApiError(Code.badRequest, 'fieldReadOnly', { field: priceQuotes.definition.fields[0].title[caller.lang] });
  await trx.updateTable('price_quotes').set({ expires_at: expiresAt(now, Number(after.validity_hours ?? 24)) }).where('id', '=', after.id).execute();
  await timeline(trx, 'price_quotes', after.id, 'revise', 'submitted', 'submitted', actorOf(caller), now);
  if (after.price_fen !== before.price_fen) {
    await noticeTeam(trx, 3, ask.team_id, ask.ask_no, `询价单 <b>${ask.ask_no}</b> 的报价 ${String(after.quote_no)} 由 ${yuan(Number(before.price_fen))} 元改为 ${yuan(Number(after.price_fen))} 元`, now);
  }
}

async function quoteTransition(step: TransitionStep): Promise<void> {
  const { trx, record, caller, now } = step;
  if (step.transition !== 'accept') return;
  const ask = await askOf(trx, record.ask_id);
  if (!(await acceptOn(trx, ask.id, record.id, actorOf(caller), now))) {
    throw new ApiError(Code.conflict, 'transitionState', { record: ask.ask_no, state: askState(ask.status, caller.lang), action: step.transition === 'accept' ? '采纳' : step.transition });
  }
  await noticeTeam(trx, 2, record.team_id!, ask.ask_no, `您对询价单 <b>${ask.ask_no}</b> 的报价 ${String(record.quote_no)} 已被采纳`, now);
}

async function queueTransition(step: TransitionStep): Promise<Record<string, number | string> | void> {
  const { caller, params } = step;
  switch (step.transition) {
    case 'claim':
      return { assignee_id: caller.userId };
    case 'assign':
      // A colleague of the row's team: the workflow checked it (choices: 'recordTeam').
      return { assignee_id: Number(params.assignee_id) };
    case 'decline': {
      const reason = typeof params.reason === 'string' ? params.reason.trim() : '';
      if (!reason) throw new ApiError(Code.badRequest, 'reasonRequired');
      return { reason: reason.slice(0, 255) };
    }
    default:
      return;
  }
}

/** Goods a quoting team added: every open ask naming them (by SKU or within its goods name) gets a type-1 notice. */
export async function goodsWritten(trx: Kysely<Database>, before: ResourceRecord | null, after: ResourceRecord | null, caller: ResourceCaller): Promise<void> {
  if (before || !after || caller.teamType !== QUOTING) return;
  const now = Number(after.created_at);
  for (const ask of await asksNaming(trx, String(after.name ?? ''), String(after.sku ?? ''))) {
    await noticeTeam(trx, 1, ask.team_id, ask.ask_no, `报价团队新增了您询价的商品 <b>${String(after.name)}</b>（询价单 ${ask.ask_no}）`, now);
  }
}

export const priceAsks: ResourceStore = builtin({
  name: 'price_asks',
  zh: '询价单',
  en: 'Price asks',
  fields: [
    numbered('ask_no', '询价单号', 'Asking number'),
    text('goods_name', '商品名称', 'Goods', 200, { required: true, searchable: true }),
    text('spec', '规格', 'Specification', 128),
    text('sku', '商品编码', 'SKU', 64),
    text('category', '商品类目', 'Category', 64),
    field('quantity', 'integer', '数量', 'Quantity', { required: true, minimum: 1 }),
    money('expected_price_fen', '期望单价', 'Expected price'),
    enumOf('kind', '询价类型', 'Kind', options(['ordinary', '普通询价', 'Ordinary', 'blue'], ['addprice', '加价询价', 'Add price', 'orange']), {
      required: true,
      default: 'ordinary',
    }),
    enumOf('status', '状态', 'Status', ASK_STATES, { required: true, default: 'pending' }),
    enumOf('handle_mode', '处理方式', 'Handling', options(['auto', '自动', 'Automatic', 'cyan'], ['manual', '人工', 'Manual', 'purple']), {
      required: true,
      default: 'manual',
    }),
    field('deadline_at', 'datetime', '截止时间', 'Deadline'),
    field('photos', 'text', '图片', 'Photos', { maxLength: 4000, description: label('每行一个图片地址', 'One image URL a line') }),
    remark(),
    lookup('parent_ask_id', '原询价单', 'Asked again from', 'price_asks', 'ask_no'),
    field('urged_at', 'datetime', '催报价时间', 'Urged at'),
    text('contact_name', '联系人', 'Contact', 64),
    text('contact_mobile', '联系电话', 'Contact mobile', 20),
  ],
  labelField: 'ask_no',
  teamScoped: true,
  permissions: codes('price_asks'),
  nullable: ['expected_price_fen', 'deadline_at', 'parent_ask_id', 'urged_at'],
  numbered: { ask_no: 'XJ' },
  indexes: [['status', 'created_at']],
  workflow: ASK_WORKFLOW,
  hooks: { afterWrite: askWritten, onTransition: askTransition, refresh },
});

export const priceQuotes: ResourceStore = builtin({
  name: 'price_quotes',
  zh: '报价单',
  en: 'Price quotes',
  fields: [
    lookup('ask_id', '询价单', 'Price ask', 'price_asks', 'ask_no', { required: true, indexed: true }),
    numbered('quote_no', '报价单号', 'Quote number'),
    enumOf('quote_type', '报价类型', 'Quote type', QUOTE_TYPES, { required: true }),
    money('price_fen', '报价单价', 'Unit price', { required: true }),
    field('quantity', 'integer', '数量', 'Quantity', { required: true, minimum: 1 }),
    field('delivery_days', 'integer', '交货天数', 'Delivery days', { required: true, minimum: 0 }),
    field('validity_hours', 'integer', '有效期（小时）', 'Valid for (hours)', { minimum: 1, maximum: 720, default: 24 }),
    enumOf('status', '状态', 'Status', QUOTE_STATES, { required: true, default: 'submitted' }),
    lookup('quoted_by', '报价人', 'Quoted by', 'users', 'name'),
    lookup('rule_id', '自动报价规则', 'Automatic rule', 'quote_rules', 'name'),
    field('expires_at', 'datetime', '失效时间', 'Expires at'),
    remark(),
  ],
  labelField: 'quote_no',
  teamScoped: true,
  permissions: { ...codes('price_quotes'), list: 'price_quotes:read', get: 'price_quotes:read' },
  nullable: ['quoted_by', 'rule_id', 'expires_at'],
  numbered: { quote_no: 'BJ' },
  workflow: QUOTE_WORKFLOW,
  hooks: {
    // The author and the end of validity are the server's.
    insertColumns: (values, caller, now) => ({ quoted_by: caller.userId, expires_at: expiresAt(now, Number(values.validity_hours ?? 24)) }),
    afterWrite: quoteWritten,
    onTransition: quoteTransition,
    refresh,
  },
});

export const quoteRules: ResourceStore = builtin({
  name: 'quote_rules',
  zh: '自动报价规则',
  en: 'Automatic quoting rules',
  fields: [
    text('name', '规则名称', 'Name', 64, { required: true, searchable: true }),
    enumOf('match_type', '匹配方式', 'Match by', options(['keyword', '关键词', 'Keyword', 'blue'], ['sku', '商品编码', 'SKU', 'purple'], ['category', '类目', 'Category', 'cyan']), { required: true, default: 'keyword' }),
    text('match_value', '匹配内容', 'Match', 64, { required: true, searchable: true }),
    enumOf('price_mode', '定价方式', 'Pricing', options(['markup', '成本加价', 'Cost plus markup', 'blue'], ['fixed', '固定价', 'Fixed', 'green']), { required: true, default: 'markup' }),
    money('cost_fen', '成本价', 'Cost'),
    field('markup_pct', 'integer', '加价率（%）', 'Markup (%)', { minimum: 0, maximum: 1000, default: 10 }),
    money('fixed_fen', '固定单价', 'Fixed price'),
    money('floor_fen', '最低单价', 'Floor price'),
    field('stock', 'integer', '可用库存', 'Available stock', { minimum: 0, default: 0, description: label('0 表示不限', '0 for no limit') }),
    field('max_quantity', 'integer', '最大数量', 'Max quantity', { minimum: 0, default: 0, description: label('0 表示不限', '0 for no limit') }),
    field('delivery_days', 'integer', '交货天数', 'Delivery days', { minimum: 0, default: 2 }),
    field('validity_hours', 'integer', '有效期（小时）', 'Valid for (hours)', { minimum: 1, maximum: 720, default: 24 }),
    enumOf('quote_type', '报价类型', 'Quote type', QUOTE_TYPES, { required: true, default: 'spot' }),
    field('enabled', 'boolean', '启用', 'Enabled', { default: true }),
  ],
  labelField: 'name',
  teamScoped: true,
  permissions: codes('quote_rules'),
});

export const autoQuoteLog: ResourceStore = builtin({
  name: 'auto_quote_log',
  zh: '自动报价日志',
  en: 'Automatic quoting log',
  fields: [
    lookup('ask_id', '询价单', 'Price ask', 'price_asks', 'ask_no', { required: true, indexed: true }),
    lookup('rule_id', '规则', 'Rule', 'quote_rules', 'name'),
    lookup('quote_id', '报价单', 'Quote', 'price_quotes', 'quote_no'),
    enumOf('outcome', '结果', 'Outcome', options(['quoted', '已自动报价', 'Quoted', 'green'], ['unmatched', '未匹配', 'Not covered', 'default']), { required: true }),
    text('detail', '说明', 'Detail', 255, { searchable: true }),
  ],
  labelField: 'detail',
  teamScoped: true,
  permissions: readWrite('quote_rules:read', 'quote_rules:write'),
  actions: ['list', 'get', 'export'],
  nullable: ['rule_id', 'quote_id'],
});

export const askQueue: ResourceStore = builtin({
  name: 'ask_queue',
  zh: '人工处理',
  en: 'Manual queue',
  fields: [
    lookup('ask_id', '询价单', 'Price ask', 'price_asks', 'ask_no', { required: true, indexed: true }),
    enumOf('status', '状态', 'Status', QUEUE_STATES, { required: true, default: 'open' }),
    lookup('assignee_id', '处理人', 'Assignee', 'users', 'name'),
    text('reason', '拒绝原因', 'Reason', 255),
  ],
  labelField: 'status',
  teamScoped: true,
  permissions: readWrite('price_quotes:read', 'price_quotes:write'),
  actions: ['list', 'get', 'export'],
  nullable: ['assignee_id'],
  workflow: QUEUE_WORKFLOW,
  hooks: { onTransition: queueTransition },
});

export const QUOTING_STORES: ResourceStore[] = [priceAsks, priceQuotes, quoteRules, autoQuoteLog, askQueue];

/** What each demo role needs of quoting (seed/demo.ts). */
export const QUOTING_PERMISSIONS = {
  asker: ['price_asks:read', 'price_asks:write', 'price_quotes:read'],
  quoter: ['price_quotes:read', 'price_quotes:write', 'price_asks:read', 'quote_rules:read', 'quote_rules:write'],
  manager: ['price_asks:read', 'price_quotes:read'],
};
