/** The platform files a seller can drop in, by the contract's kinds, with the platform each belongs to. */
import { RECON_FILE_KINDS } from '../../contract/api/reconciliation';
import type { ReconMessageKey } from '../interface/recon-messages';
import type { ReconFileKind } from '../interface/reconciliation-data';

export const KIND_LABEL: Record<ReconFileKind, ReconMessageKey> = {
  douyin_orders: 'reconKindDouyinOrders',
  douyin_flows: 'reconKindDouyinFlows',
  kuaishou_orders: 'reconKindKuaishouOrders',
  kuaishou_bills: 'reconKindKuaishouBills',
  wechat_orders: 'reconKindWechatOrders',
  wechat_flows: 'reconKindWechatFlows',
  shipments: 'reconKindShipments',
};

export const FILE_KINDS: readonly ReconFileKind[] = RECON_FILE_KINDS;

export const isFileKind = (value: unknown): value is ReconFileKind => typeof value === 'string' && (FILE_KINDS as readonly string[]).includes(value);

/** The platform a file kind belongs to; null for shipments, which cover every platform and shop. */
export const platformOf = (kind: ReconFileKind): string | null => (kind === 'shipments' ? null : kind.slice(0, kind.indexOf('_')));
