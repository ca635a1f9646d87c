/** The differences a person looks at, as a spreadsheet in yuan with the outcome in Chinese. */
import { loadExcelJS } from '../resources/excel';
import { formatDateTime } from '../resources/time';
import { OUTCOME_OPTIONS } from './resources';
import { differencesOf, type MatchedOrder, type OrphanLine } from './summary';

const PLATFORM_ZH: Record<string, string> = { douyin: '抖音', kuaishou: '快手', wechat: '微信小店' };
const OUTCOME_ZH = new Map(OUTCOME_OPTIONS.map((option) => [String(option.value), option.label.zh]));

const yuan = (fen: number) => fen / 100;

export const DIFFERENCE_HEADERS = ['平台', '店铺', '订单号', '对账结果', '付款时间', '应结金额', '已结金额', '差额', '费用合计', '差异已说明', '说明'];

export async function differencesXlsx(orders: MatchedOrder[], orphans: OrphanLine[]): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('对账差异');
  sheet.addRow(DIFFERENCE_HEADERS);
  sheet.getRow(1).font = { bold: true };
  for (const order of differencesOf(orders)) {
    sheet.addRow([
      PLATFORM_ZH[order.platform] ?? order.platform,
      order.shop_name,
      order.order_no,
      OUTCOME_ZH.get(order.outcome) ?? order.outcome,
      formatDateTime(order.paid_at),
      yuan(order.expected_fen),
      yuan(order.settled_fen),
      yuan(order.difference_fen),
      yuan(order.fee_fen),
      order.explained ? '是' : '否',
      order.explain_note,
    ]);
  }
  for (const line of orphans) {
    const fees = line.fee_service_fen + line.fee_commission_fen + line.fee_affiliate_fen + line.fee_other_fen;
    sheet.addRow([
      PLATFORM_ZH[line.platform] ?? line.platform,
      line.shop_name,
      line.order_no,
      OUTCOME_ZH.get('orphan'),
      '',
      0,
      yuan(line.amount_fen - fees),
      yuan(line.amount_fen - fees),
      yuan(fees),
      '否',
      `流水号 ${line.flow_no}`,
    ]);
  }
  for (const column of [6, 7, 8, 9]) sheet.getColumn(column).numFmt = '0.00';
  sheet.columns.forEach((column) => (column.width = 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
