/**
 * The demo's import history (对账 › 导入, and 数据大屏's feed): the files a seller would have
 * imported to get the seeded orders, settlements and shipments in, each counted from those very
 * rows. Every platform's orders a week ago and again yesterday, its settlement file three days ago,
 * the warehouse's shipments yesterday, and today's orders and shipments within the last hour.
 */
import type { Insertable } from 'kysely';
import type { Database, StorePlatform } from '../schema';
import type { ReconImportReport } from '../../../src/contract/api/reconciliation';
import { FILE_KIND_INFO, type FileKind } from '../../reconciliation/file-kinds';
import { formatDate } from '../../resources/time';

type JobRow = Insertable<Database['recon_import_jobs']>;
type OrderRow = Insertable<Database['store_orders']>;
type SettlementRow = Insertable<Database['recon_settlements']>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A platform's export covers the last month. */
const EXPORT_SPAN = 30 * DAY;
/** A warehouse export covers the last week. */
const SHIPMENTS_SPAN = 7 * DAY;

const PLATFORMS: StorePlatform[] = ['douyin', 'kuaishou', 'wechat'];
const ORDERS: Record<StorePlatform, FileKind> = { douyin: 'douyin_orders', kuaishou: 'kuaishou_orders', wechat: 'wechat_orders' };
const SETTLEMENTS: Record<StorePlatform, FileKind> = { douyin: 'douyin_flows', kuaishou: 'kuaishou_bills', wechat: 'wechat_flows' };
/** What the platforms' back offices name their downloads. */
const FILE_NAMES: Record<FileKind, string> = {
  douyin_orders: '抖音订单导出',
  douyin_flows: '抖音动账明细',
  kuaishou_orders: '快手订单导出',
  kuaishou_bills: '快手货款账单',
  wechat_orders: '微信小店订单',
  wechat_flows: '微信小店资金流水',
  shipments: '仓库发货记录',
};
/** A line of an export, about; what the history shows as the file's size. */
const BYTES_PER_ROW = 180;

export interface ReconImportSeed {
  now: number;
  team_id: number;
  /** Who imported: the team's members take turns. */
  members: number[];
  shops: Record<StorePlatform, string>;
  /** How much earlier than the first team this team does its imports, so teams' imports don't coincide. */
  earlier: number;
  orders: OrderRow[];
  settlements: SettlementRow[];
}

interface Planned {
  kind: FileKind;
  platform: StorePlatform | null;
  at: number;
  /** When each row the file holds happened; the file holds those in its span before `at`. */
  times: number[];
  span: number;
}

export function reconImportRows(seed: ReconImportSeed): JobRow[] {
  const now = seed.now - seed.earlier;
  const plans: Planned[] = [];
  for (const [i, platform] of PLATFORMS.entries()) {
    const paid = seed.orders.filter((order) => order.platform === platform).map((order) => order.paid_at);
    const settled = seed.settlements.filter((line) => line.platform === platform && line.settled_at != null).map((line) => line.settled_at!);
    // A few minutes apart, platform after platform, as one person downloads and imports them.
    const step = i * 6 * MINUTE;
    plans.push({ kind: ORDERS[platform], platform, at: now - 7 * DAY - 2 * HOUR + step, times: paid, span: EXPORT_SPAN });
    plans.push({ kind: SETTLEMENTS[platform], platform, at: now - 3 * DAY - 5 * HOUR + step, times: settled, span: EXPORT_SPAN });
    plans.push({ kind: ORDERS[platform], platform, at: now - DAY - 3 * HOUR + step, times: paid, span: EXPORT_SPAN });
  }
  const shipped = seed.orders.filter((order) => order.shipped_at != null).map((order) => order.shipped_at!);
  plans.push({ kind: 'shipments', platform: null, at: now - DAY - 2 * HOUR, times: shipped, span: SHIPMENTS_SPAN });
  plans.push({ kind: ORDERS.douyin, platform: 'douyin', at: now - 45 * MINUTE, times: seed.orders.filter((order) => order.platform === 'douyin').map((order) => order.paid_at), span: EXPORT_SPAN });
  plans.push({ kind: 'shipments', platform: null, at: now - 25 * MINUTE, times: shipped, span: SHIPMENTS_SPAN });

  plans.sort((a, b) => a.at - b.at);
  const lastOf = new Map<FileKind, number>();
  return plans.map((plan, i): JobRow => {
    const held = plan.times.filter((at) => at <= plan.at && at > plan.at - plan.span);
    // Rows an earlier import of the same file already brought in come back unchanged.
    const before = lastOf.get(plan.kind);
    const created = before === undefined ? held.length : held.filter((at) => at > before).length;
    lastOf.set(plan.kind, plan.at);
    const report: ReconImportReport = {
      kind: plan.kind,
      header_row: 1,
      columns: Object.keys(FILE_KIND_INFO[plan.kind].columns),
      rows: held.length,
      valid: held.length,
      errors: [],
      error_count: 0,
      sample: [],
      created,
      updated: 0,
      unchanged: held.length - created,
      unknown: [],
      unknown_count: 0,
    };
    const bytes = BYTES_PER_ROW * (held.length + 1);
    return {
      team_id: seed.team_id,
      created_by: seed.members[i % seed.members.length] ?? null,
      kind: plan.kind,
      shop_name: plan.platform ? seed.shops[plan.platform] : '',
      file_name: `${FILE_NAMES[plan.kind]}-${formatDate(plan.at).replaceAll('-', '')}.${plan.kind === 'shipments' ? 'xlsx' : 'csv'}`,
      preview: 0,
      state: 'done',
      bytes_total: bytes,
      bytes_done: bytes,
      rows_done: held.length,
      report: JSON.stringify(report),
      error_key: null,
      error_params: null,
      worker: 'demo-seed',
      heartbeat_at: plan.at,
      // Reading and writing took a few seconds.
      created_at: plan.at - 2_000 - 20 * held.length,
      finished_at: plan.at,
    };
  });
}
