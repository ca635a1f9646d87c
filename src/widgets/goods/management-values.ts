/**
 * How 商品管理 words a batch: a goods field's value before or after (money in yuan, a status by its
 * label, no category as 未分类), and an operation's parameters in a line (改为 ¥12.00, -10%,
 * +100（到货入库）), for the preview, 操作记录 and its details.
 */
import type { GoodsBatch } from '../../contract/api/goods-management';
import type { WidgetHost } from '../interface/host';
import { formatMoney } from '../cells/format';

type T = WidgetHost['t'];

const signed = (value: number, text: string) => `${value < 0 ? '-' : '+'}${text}`;

/** A field's value as a batch shows it. */
export function valueText(t: T, field: string, value: string | number | null | undefined): string {
  if (field === 'price_fen') return typeof value === 'number' ? formatMoney(value) : '';
  if (field === 'status') return value === 'on_sale' || value === 'off_sale' || value === 'draft' ? t(`goodsMgmtStatus_${value}`) : String(value ?? '');
  if (field === 'category') return value === null || value === undefined || value === '' ? t('goodsMgmtUncategorized') : String(value);
  return String(value ?? '');
}

/** A batch's parameters in a line; '' where its kind says it all (上架, 下架). */
export function paramsText(t: T, kind: GoodsBatch['kind'], params: GoodsBatch['params']): string {
  const text = (name: string) => String(params[name] ?? '');
  const number = (name: string) => Number(params[name] ?? 0);
  switch (kind) {
    case 'price':
      if (params.mode === 'set') return t('goodsMgmtP_price_set', { price: formatMoney(number('fen')) });
      if (params.mode === 'add') return signed(number('fen'), formatMoney(Math.abs(number('fen'))));
      return `${signed(number('percent'), String(Math.abs(number('percent'))))}%`;
    case 'stock':
      if (params.mode === 'set') return t('goodsMgmtP_stock_set', { quantity: number('quantity'), reason: text('reason') });
      return t('goodsMgmtP_stock_change', { change: `${params.mode === 'subtract' ? '-' : '+'}${number('quantity')}`, reason: text('reason') });
    case 'category':
      return t('goodsMgmtP_category', { category: text('category') });
    case 'rename_category':
      return t('goodsMgmtP_rename', { from: text('from'), to: text('to') });
    case 'merge_category':
      return t('goodsMgmtP_merge', { from: text('from'), to: text('to') });
    case 'undo':
      return t('goodsMgmtP_undo', { of: text('of') });
    default:
      return '';
  }
}
