/**
 * Rows of a platform file turned into the three things matching compares: order lines, settlement
 * lines and shipment lines, each in fen and epoch milliseconds, with a Chinese reason per refused row.
 */
import { parseDateTime } from '../resources/time';
import { FEE_KINDS, type FeeKind, type FileKind, type FileKindInfo } from './file-kinds';
import type { HeaderMatch } from './headers';

export type Fees = Record<FeeKind, number>;

export interface OrderLine {
  order_no: string;
  /** The sub-order for Douyin, the order number itself elsewhere. */
  sub_order_no: string;
  goods_name: string;
  sku: string;
  quantity: number;
  amount_fen: number;
  freight_fen: number;
  refund_fen: number;
  status: string;
  paid_at: number | null;
  promised_ship_at: number | null;
  shipped_at: number | null;
  express_company: string;
  express_nos: string[];
}

export type SettlementCategory = 'income' | 'refund' | 'fee';

export interface SettlementLine {
  /** The flow number, or the order number where a platform bills once per order (Kuaishou). */
  flow_no: string;
  order_no: string;
  sub_order_no: string;
  category: SettlementCategory;
  /** Money moved, as the file shows it: what reaches the seller, after the fees on the line. */
  amount_fen: number;
  /** Fees on the line, each zero or negative. */
  fees: Fees;
  scene: string;
  settled_at: number | null;
}

export interface ShipmentLine {
  order_no: string;
  express_company: string;
  express_no: string;
  shipped_at: number | null;
}

export type Line = { role: 'orders'; line: OrderLine } | { role: 'settlements'; line: SettlementLine } | { role: 'shipments'; line: ShipmentLine };

export interface RowError {
  /** 1-based row number in the file, as a spreadsheet shows it. */
  row: number;
  msg: string;
}

/** An id as exported: Excel's guards (a leading tab or apostrophe, ="…") and spaces removed. */
export function cleanId(text: string): string {
  return text
    .trim()
    .replace(/^=?"(.*)"$/, '$1')
    .replace(/^['\t`]+/, '')
    .trim();
}

/** Yuan as written ("¥1,234.50", "-3.2", "12元") in fen; null when it is no amount. */
export function fenOf(text: string): number | null {
  const cleaned = text.replace(/[¥￥,，元\s]/g, '');
  if (cleaned === '' || cleaned === '-') return 0;
  if (!/^[-+]?\d*\.?\d+$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

const TRACKING = /^(.*?)[\s:：]*([A-Za-z]{0,4}\d[0-9A-Za-z-]{5,})$/;

/**
 * What separates tracking numbers in Douyin's 快递信息, as a regular expression's character class
 * body. tracking.ts splits a stored 快递单号 on these plus blanks, so the two cannot drift apart.
 */
export const EXPRESS_SEPARATORS = ';,，；';
const EXPRESS_PARTS = new RegExp(`[${EXPRESS_SEPARATORS}]`);

/** Douyin's free-text 快递信息: carrier and tracking number(s), separated by EXPRESS_SEPARATORS. */
export function splitExpress(text: string): { company: string; numbers: string[] } {
  let company = '';
  const numbers: string[] = [];
  for (const part of text.split(EXPRESS_PARTS)) {
    const token = part.trim();
    if (!token) continue;
    const match = TRACKING.exec(token);
    if (!match) {
      company ||= token;
      continue;
    }
    company ||= match[1].trim();
    numbers.push(match[2]);
  }
  return { company, numbers };
}

const REFUNDED = /退款成功|退款完成|已退款|全额退款/;

class Row {
  constructor(
    private readonly cells: string[],
    private readonly columns: HeaderMatch['columns'],
  ) {}
  has(field: string): boolean {
    return field in this.columns;
  }
  text(field: string): string {
    for (const at of this.columns[field] ?? []) {
      const value = (this.cells[at] ?? '').trim();
      if (value) return value;
    }
    return '';
  }
  id(field: string): string {
    return cleanId(this.text(field));
  }
  time(field: string): number | null {
    const value = this.text(field);
    return value ? parseDateTime(value.replace(/\.\d+$/, '')) : null;
  }
  /** Fen of a field; columns of one fee kind add up. Throws the reason when a value is no amount. */
  fen(field: string, label = field): number {
    let total = 0;
    for (const at of this.columns[field] ?? []) {
      const fen = fenOf(this.cells[at] ?? '');
      if (fen === null) throw new Error(`「${label}」不是金额：${this.cells[at]}`);
      total += fen;
    }
    return total;
  }
  fees(): Fees {
    // Platforms print fees as negative numbers, some as positive ones under 合计支出: either way a fee takes money.
    return Object.fromEntries(FEE_KINDS.map((kind) => [kind, -Math.abs(this.fen(`fee:${kind}`, '费用'))])) as Fees;
  }
}

const NO_FEES: Fees = { service: 0, commission: 0, affiliate: 0, other: 0 };

function orderLine(row: Row): OrderLine {
  const amount = row.fen('amount', '金额');
  const express = row.has('express') ? splitExpress(row.text('express')) : { company: row.text('express_company'), numbers: row.id('express_no') ? [row.id('express_no')] : [] };
  const refundedAll = REFUNDED.test(row.text('after_sale')) || REFUNDED.test(row.text('status'));
  const refund = row.has('refund') ? row.fen('refund', '退款金额') : 0;
  const orderNo = row.id('order_no');
  return {
    order_no: orderNo,
    sub_order_no: row.id('sub_order_no') || orderNo,
    goods_name: row.text('goods_name'),
    sku: row.id('sku'),
    quantity: Number.parseInt(row.text('quantity'), 10) || 1,
    amount_fen: amount,
    freight_fen: row.fen('freight', '运费'),
    refund_fen: refund > 0 ? refund : refundedAll ? amount : 0,
    status: row.text('status'),
    paid_at: row.time('paid_at'),
    promised_ship_at: row.time('promised_ship_at'),
    shipped_at: row.time('shipped_at'),
    express_company: express.company,
    express_nos: express.numbers,
  };
}

const WECHAT_FEES: Record<string, FeeKind> = { 技术服务费: 'service', 达人佣金: 'commission', 带货费用: 'commission' };

function settlementLine(kind: FileKind, row: Row): SettlementLine {
  const scene = row.text('scene');
  const outgoing = /出账|支出/.test(row.text('direction'));
  const signed = (fen: number) => (outgoing ? -Math.abs(fen) : fen);
  const base = { order_no: row.id('order_no'), sub_order_no: row.id('sub_order_no') || row.id('order_no'), scene, settled_at: row.time('settled_at') };
  if (kind === 'wechat_flows') {
    const fee = WECHAT_FEES[scene.replace(/\s/g, '')];
    const amount = signed(row.fen('amount', '收支金额'));
    if (fee) return { ...base, flow_no: row.id('flow_no'), category: 'fee', amount_fen: -Math.abs(amount), fees: { ...NO_FEES, [fee]: -Math.abs(amount) }, scene };
    return { ...base, flow_no: row.id('flow_no'), category: /退款/.test(scene) ? 'refund' : 'income', amount_fen: amount, fees: NO_FEES };
  }
  if (kind === 'kuaishou_bills') {
    return { ...base, flow_no: row.id('order_no'), category: 'income', amount_fen: row.fen('amount', '实际结算金额'), fees: row.fees() };
  }
  const amount = signed(row.fen('amount', '动账金额'));
  return { ...base, flow_no: row.id('flow_no'), category: /退款/.test(scene) || amount < 0 ? 'refund' : 'income', amount_fen: amount, fees: row.fees() };
}

function shipmentLine(row: Row): ShipmentLine {
  return { order_no: row.id('order_no'), express_company: row.text('express_company'), express_no: row.id('express_no'), shipped_at: row.time('shipped_at') };
}

/** What one row below the header holds: a line, a reason it was refused, or nothing (blank, or an explanation line). */
export type ParsedRow = { line: Line; error?: undefined } | { line?: undefined; error: RowError } | null;

/** One data row read into a line; `row` is its 1-based number in the file, for the reason when it cannot be read. */
export function parseRow(kind: FileKind, info: FileKindInfo, cells: string[], header: HeaderMatch, row: number): ParsedRow {
  if (cells.every((cell) => !cell.trim())) return null;
  const values = new Row(cells, header.columns);
  const missing = info.required.filter((field) => !values.text(field));
  // Older Douyin bills put a line of explanation under the header: it names no order and no flow.
  if (missing.length === info.required.length) return null;
  if (missing.length > 0) return { error: { row, msg: `缺少${missing.map((field) => `「${info.columns[field]?.[0] ?? field}」`).join('、')}` } };
  try {
    if (info.role === 'orders') return { line: { role: 'orders', line: orderLine(values) } };
    if (info.role === 'settlements') return { line: { role: 'settlements', line: settlementLine(kind, values) } };
    return { line: { role: 'shipments', line: shipmentLine(values) } };
  } catch (error) {
    return { error: { row, msg: (error as Error).message } };
  }
}
