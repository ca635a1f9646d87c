/**
 * The engine's UI strings, by key. Their texts live in the console's catalogues under `engine`
 * (src/shell/i18n/zh.ts and en.ts); the shell's host adapter is typed so a key missing there fails
 * the type check.
 */
import { ENGINE_FORM_MESSAGE_KEYS, type EngineFormMessageKey } from './form/messages';
import { RECON_MESSAGE_KEYS, type ReconMessageKey } from '../widgets/interface/recon-messages';
import { QUOTING_MESSAGE_KEYS, type QuotingMessageKey } from '../widgets/interface/quoting-messages';
import { DASHBOARD_MESSAGE_KEYS, type DashboardMessageKey } from '../widgets/interface/dashboard-messages';
import { GOODS_MESSAGE_KEYS, type GoodsMessageKey } from '../widgets/interface/goods-messages';

export const ENGINE_MESSAGE_KEYS = [
  // resolving and drawing a screen
  'screenInvalid',
  'screenInvalidHint',
  'screenProblemPath',
  'screenProblemMessage',
  'screenFailed',
  'screenFailedHint',
  'screenLoadFailed',
  'screenForbidden',
  'screenFieldProblems',
  'partNotFound',
  'resourceLoadFailed',
  'rendererMissing',
  'rendererKindList',
  'rendererKindForm',
  'rendererKindDetail',
  'screenTooDeep',
  'partBodyMissing',
  'openingTitle',
  'detailNeedsId',
  'retry',
  'back',
  // widgets
  'widgetMissing',
  'widgetKindForm',
  'widgetKindCell',
  'widgetKindAction',
  'widgetKindBlock',
  'yes',
  'no',
  'copy',
  'copied',
  'rowsCount',
  'stockOut',
  'stockLow',
  'stockEnough',
  // system fields
  'fieldId',
  'fieldVersion',
  'fieldTeam',
  'fieldCreatedBy',
  'fieldCreatedAt',
  'fieldUpdatedAt',
  // search form
  'search',
  'reset',
  'expand',
  'collapse',
  'keyword',
  'keywordPlaceholder',
  'inputPlaceholder',
  'selectPlaceholder',
  'rangeMin',
  'rangeMax',
  'startDate',
  'endDate',
  'filter',
  // table
  'actions',
  'more',
  'empty',
  'loadFailed',
  'total',
  'totalAtLeast',
  'selected',
  'clearSelection',
  'selectAll',
  'selectRow',
  'expandRow',
  'collapseRow',
  'sortHint',
  'refresh',
  'density',
  'densityLarge',
  'densityMiddle',
  'densitySmall',
  'columnSettings',
  'columnsReset',
  'columnsPinnedStart',
  'columnsPinnedEnd',
  'columnsUnpinned',
  'pinStart',
  'pinEnd',
  'unpin',
  'dragToReorder',
  // actions
  'confirmTitle',
  'ok',
  'cancel',
  'deleteConfirm',
  'bulkDeleteConfirm',
  'leaveUnsaved',
  'deleted',
  'deletedMany',
  'done',
  'exportCsv',
  'exportXlsx',
  'exporting',
  'importTitle',
  'importDrop',
  'importHint',
  'importChecking',
  'importSummary',
  'importIgnored',
  'importErrors',
  'importRow',
  'importColumn',
  'importReason',
  'importPreview',
  'importConfirm',
  'importReselect',
  'importHasErrors',
  'importDone',
  // workflow transitions
  'transitionDone',
  'transitionStale',
  'transitionFailed',
] as const;
/** Every key the host's `t` takes: the engine core's and the form/detail renderers' (group `engineForm`). */
export type EngineMessageKey = (typeof ENGINE_MESSAGE_KEYS)[number] | EngineFormMessageKey | ReconMessageKey | QuotingMessageKey | DashboardMessageKey | GoodsMessageKey;

const FORM_KEYS: ReadonlySet<string> = new Set(ENGINE_FORM_MESSAGE_KEYS);
/** Reconciliation's widgets' strings (group `engineRecon`). */
const RECON_KEYS: ReadonlySet<string> = new Set(RECON_MESSAGE_KEYS);
/** Quoting's widgets' strings (group `quoting`). */
const QUOTING_KEYS: ReadonlySet<string> = new Set(QUOTING_MESSAGE_KEYS);
/** The dashboard's widgets' strings (group `dashboard`). */
const DASHBOARD_KEYS: ReadonlySet<string> = new Set(DASHBOARD_MESSAGE_KEYS);
/** The goods area's widgets' strings (group `engineGoods`). */
const GOODS_KEYS: ReadonlySet<string> = new Set(GOODS_MESSAGE_KEYS);

/** Where a key lives in the console's catalogues, for the host adapter: `t(engineMessagePath(key), params)`. */
export function engineMessagePath(
  key: EngineMessageKey,
): `engine.${(typeof ENGINE_MESSAGE_KEYS)[number]}` | `engineForm.${EngineFormMessageKey}` | `engineRecon.${ReconMessageKey}` | `quoting.${QuotingMessageKey}` | `dashboard.${DashboardMessageKey}` | `engineGoods.${GoodsMessageKey}` {
  if (RECON_KEYS.has(key)) return `engineRecon.${key as ReconMessageKey}`;
  if (QUOTING_KEYS.has(key)) return `quoting.${key as QuotingMessageKey}`;
  if (DASHBOARD_KEYS.has(key)) return `dashboard.${key as DashboardMessageKey}`;
  if (GOODS_KEYS.has(key)) return `engineGoods.${key as GoodsMessageKey}`;
  return FORM_KEYS.has(key) ? `engineForm.${key as EngineFormMessageKey}` : `engine.${key as (typeof ENGINE_MESSAGE_KEYS)[number]}`;
}
