/**
 * 系统日志's lines in their reader's words. A line's detail is written as the code that did the
 * work knows it (field names, a state change `open→claimed`, `wrong credentials`), in no language;
 * a reader sees the fields' titles and the states' labels of the resource named by the line's
 * target, in their own language, as the resource defines them when read (a renamed field reads
 * renamed), and the record it names by that resource's title. A detail with nothing to translate,
 * or naming what no longer exists, reads as written.
 */
import type { ResourceDefinition, ResourceRecord } from '../../src/contract/resource';
import { message, type Language, type MessageKey } from '../http/messages';
import type { Presenting } from '../resources/store';
import { GOODS_BATCH_KIND_LABELS, type GoodsBatchKind } from '../../src/contract/api/goods-management';
import { isWorkflowAction, MENU_BIND_ROLES } from './actions';

type Words = (detail: string, lang: Language, resource: ResourceDefinition | null) => string;

const LIST_SEPARATOR: Record<Language, string> = { zh: '、', en: ', ' };

/** `goods_name,quantity` → 商品名称、数量. */
const fieldTitles: Words = (detail, lang, resource) =>
  detail
    .split(',')
    .filter(Boolean)
    .map((name) => resource?.fields.find((field) => field.name === name)?.title[lang] ?? name)
    .join(LIST_SEPARATOR[lang]);

/** `pending→closed` → 待报价 → 已关闭; a step that keeps the state (催报价: `pending→pending`) → 待报价. */
const stateChange: Words = (detail, lang, resource) => {
  const states = resource?.workflow?.states ?? [];
  const labels = detail.split('→').map((value) => states.find((state) => state.value === value)?.label[lang] ?? value);
  return (labels.length === 2 && labels[0] === labels[1] ? labels.slice(1) : labels).join(' → ');
};

/** `price,12` → 调价，12 件商品. */
const goodsBatch: Words = (detail, lang) => {
  const [kind, count] = detail.split(',');
  return Object.hasOwn(GOODS_BATCH_KIND_LABELS, kind) && count !== undefined ? message(lang, 'logGoodsBatch', { kind: GOODS_BATCH_KIND_LABELS[kind as GoodsBatchKind][lang], count }) : detail;
};

/** `v3` → 第 3 版; a rollback's `v1 → v3` → 第 1 版 → 第 3 版. */
const screenVersions: Words = (detail, lang) => detail.replace(/\bv(\d+)\b/g, (_whole, version: string) => message(lang, 'logScreenVersion', { version }));

/** `商品列表 → roles 2,3` → 商品列表 → 角色 #2、#3. */
const menuBind: Words = (detail, lang) => {
  const at = detail.lastIndexOf(MENU_BIND_ROLES);
  if (at < 0) return detail;
  const roles = detail.slice(at + MENU_BIND_ROLES.length).split(',').filter(Boolean);
  return message(lang, 'logMenuBind', { menu: detail.slice(0, at), roles: roles.map((id) => `#${id}`).join(LIST_SEPARATOR[lang]) });
};

const LOGIN_FAILURES: Record<string, MessageKey> = { 'wrong credentials': 'loginFailed', disabled: 'userDisabled' };

const BY_ACTION: Record<string, Words> = {
  login: (detail, lang) => (LOGIN_FAILURES[detail] ? message(lang, LOGIN_FAILURES[detail]) : detail),
  'end-session': (detail, lang) => message(lang, detail === 'others' ? 'logEndedOtherSessions' : 'logEndedSession', { id: detail }),
  'resource-create': fieldTitles,
  'resource-update': fieldTitles,
  'resource-delete': fieldTitles,
  'goods-batch': goodsBatch,
  'goods-batch-undo': goodsBatch,
  'screen-publish': screenVersions,
  'screen-rollback': screenVersions,
  'screen-menu-bind': menuBind,
  'resource-import': (detail, lang) => {
    const [written, total] = detail.split('/');
    return total === undefined ? detail : message(lang, 'logImported', { written, total });
  },
};

/** What a target names that is not a resource's record: a goods batch by its number, a poster by its id. */
const OTHER_TARGETS: Record<string, MessageKey> = { goods_batches: 'logBatch', goods_posters: 'logPoster' };

/** A notice's recipients as logged (`team:3`): the resource each kind of recipient is a record of. */
const NOTICE_RECIPIENTS: Record<string, string> = { user: 'users', role: 'roles', team: 'teams' };

/** The record a line's target names (`price_asks:12`, a notice's `team:3`): its resource and id. */
function targetRecord(record: ResourceRecord): { resource: string; id: string } | null {
  const target = typeof record.target === 'string' ? record.target : '';
  const colon = target.indexOf(':');
  if (colon <= 0) return null;
  const named = target.slice(0, colon);
  return { resource: record.action === 'create-notice' ? (NOTICE_RECIPIENTS[named] ?? named) : named, id: target.slice(colon + 1) };
}

/**
 * Rewrites each line in the reader's words (the system log's StoreHooks.present): its detail, and
 * a target naming a record as the resource's title and the record's id (询价单 #12, a notice's
 * 团队 #3), a notice to everyone as such.
 */
export async function presentLogLines(records: ResourceRecord[], reader: Presenting): Promise<void> {
  const definitions = new Map<string, Promise<ResourceDefinition | null>>();
  const definitionOf = (name: string) => {
    if (!definitions.has(name)) definitions.set(name, reader.definitionOf(name));
    return definitions.get(name)!;
  };
  for (const record of records) {
    const target = targetRecord(record);
    const resource = target === null ? null : await definitionOf(target.resource);
    const { action, detail } = record;
    const words = typeof action === 'string' ? (BY_ACTION[action] ?? (isWorkflowAction(action) ? stateChange : undefined)) : undefined;
    if (words && typeof detail === 'string' && detail !== '') record.detail = words(detail, reader.lang, resource);
    if (target !== null && resource !== null) record.target = `${resource.title[reader.lang]} #${target.id}`;
    else if (target !== null && Object.hasOwn(OTHER_TARGETS, target.resource)) record.target = message(reader.lang, OTHER_TARGETS[target.resource], { no: target.id });
    else if (action === 'create-notice' && record.target === 'all') record.target = message(reader.lang, 'logEveryone');
  }
}
