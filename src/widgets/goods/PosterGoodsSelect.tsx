/**
 * A goods of the team picked by name or SKU, answered as a poster draws it: id, name, price in fen
 * and its picture (a path of this site, or none).
 */
import { useMemo } from 'react';
import { Select } from 'antd';
import { PAGE_SIZE_MAX } from '../../contract/resource';
import { PICTURE_PATTERN } from '../../contract/api/posters';
import type { TemplateGoods } from '../../contract/api/poster-templates';
import { useWidgetHost } from '../interface/host';
import { formatMoney } from '../cells/format';

const ON_SALE = { resource: 'goods', filters: [{ field: 'status', op: 'eq' as const, value: 'on_sale' }], sorters: [{ field: 'sku', order: 'asc' as const }], pagination: { pageSize: PAGE_SIZE_MAX } };
const SITE_PICTURE = new RegExp(PICTURE_PATTERN);

/** The team's goods on sale, as posters take them. */
export function usePosterGoods(): TemplateGoods[] | undefined {
  const { useList } = useWidgetHost();
  const list = useList(ON_SALE);
  return useMemo(
    () =>
      list.data?.rows.map((row) => ({
        id: row.id,
        name: String(row.name ?? ''),
        price_fen: Number(row.price_fen ?? 0),
        image: typeof row.image === 'string' && SITE_PICTURE.test(row.image) ? row.image : null,
      })),
    [list.data],
  );
}

export function PosterGoodsSelect({ value, onChange, id }: { value: number | undefined; onChange(goods: TemplateGoods | undefined): void; id?: string }) {
  const { t } = useWidgetHost();
  const goods = usePosterGoods();
  return (
    <Select
      id={id}
      showSearch
      allowClear
      className="poster-goods-select"
      placeholder={t('goodsPosterPickGoods')}
      loading={!goods}
      value={value}
      optionFilterProp="label"
      onChange={(picked?: number) => onChange(goods?.find((item) => item.id === picked))}
      options={(goods ?? []).map((item) => ({ value: item.id, label: `${item.name} · ${formatMoney(item.price_fen)}` }))}
      aria-label={t('goodsPosterPickGoods')}
    />
  );
}
