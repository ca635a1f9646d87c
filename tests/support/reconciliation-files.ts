/**
 * Platform files as sellers download them, generated from the column lists of issue 16: rows are
 * objects keyed by header, written under the platform's full header in the encoding it uses.
 */
import { loadExcelJS } from '../../server/resources/excel';

export const COLUMNS = {
  douyin_orders: ['主订单编号', '子订单编号', '选购商品', '商品规格', '商品数量', '商品ID', '商家编码', '商品单价', '订单应付金额', '运费', '优惠总金额', '平台优惠', '商家优惠', '订单提交时间', '支付完成时间', '订单完成时间', '订单状态', '售后状态', '取消原因', '承诺发货时间', '发货时间', '快递信息'],
  douyin_flows: ['动账时间', '动帐流水号', '动账方向', '动账金额', '动账场景', '计费类型', '子订单号', '订单号', '售后编号', '商品ID', '商品名称', '订单实付应结', '运费实付', '平台补贴', '达人补贴', '订单退款', '平台服务费', '佣金', '服务商佣金', '渠道分成', '招商服务费', '站外推广费', '其他分成', '备注'],
  kuaishou_orders: ['订单号', '订单创建时间', '订单支付时间', '订单状态', '实付款', '快递费', '店铺优惠', '平台补贴', '成交数量', '商品名称', '商品ID', '商品规格', 'SKU编码', '商品单价', '售后状态', '发货时间', '快递公司', '快递单号', '物流信息'],
  kuaishou_bills: ['订单号', '商品ID', '商品名称', '商品数量', '订单创建时间', '订单实付(元)', '平台补贴', '商家补贴(元)', '达人补贴', '合计收入(元)', '订单退款(元)', '技术服务费(元)', '达人佣金(元)', '团长佣金(元)', '快赚客佣金(元)', '服务商佣金(元)', '其他收费', '合计支出(元)', '实际结算金额(元)', '实际结算时间', '结算规则', '备注'],
  wechat_orders: ['订单号', '订单下单时间', '订单发货时间', '订单确认收货时间', '订单完成结算时间', '订单状态', '商品总价', '订单实际支付金额', '订单实际收款金额', '订单运费', '支付时间', '交易单号', '物流公司', '快递单号', '技术服务费', '带货费用', '商品名称', '商品编码(平台)', 'SKU编码(自定义)', '商品数量', '商品售后', '商品已退款金额'],
  wechat_flows: ['流水单号', '记账时间', '动帐类型', '收支类型', '收支金额', '账户余额', '关联订单号', '关联售后单号'],
  shipments: ['订单号', '快递公司', '快递单号', '发货时间'],
} as const;

export type FileRow = Record<string, string | number>;

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** CSV text: optional title rows above the header, and ids guarded the way Excel users guard them (a leading tab). */
export function csvText(headers: readonly string[], rows: FileRow[], options: { titleRows?: string[]; tabIds?: string[] } = {}): string {
  const lines = [...(options.titleRows ?? []), headers.join(',')];
  for (const row of rows) {
    lines.push(headers.map((header) => quote((options.tabIds?.includes(header) ? '\t' : '') + String(row[header] ?? ''))).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

export const utf8Bom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);

let gbTable: Map<string, number[]> | undefined;

/** GB18030 bytes of text (Node decodes GB18030 but cannot encode it): the two-byte table read off the decoder. */
export function gb18030(text: string): Uint8Array<ArrayBuffer> {
  if (!gbTable) {
    gbTable = new Map();
    const decoder = new TextDecoder('gb18030');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(new Uint8Array([lead, trail]));
        if (char.length === 1 && char !== '\ufffd' && !gbTable.has(char)) gbTable.set(char, [lead, trail]);
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) bytes.push(char.charCodeAt(0));
    else {
      const code = gbTable.get(char);
      if (!code) throw new Error(`no GB18030 two-byte code for ${char}`);
      bytes.push(...code);
    }
  }
  return new Uint8Array(bytes);
}

export async function xlsxFile(headers: readonly string[], rows: FileRow[]): Promise<Uint8Array<ArrayBuffer>> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? ''));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Reads an XLSX answer back into rows of text. */
export async function readXlsx(bytes: ArrayBuffer): Promise<string[][]> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
}
