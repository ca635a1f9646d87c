/**
 * 商品统计's tables: the categories with most goods, and the on-sale goods with least stock, each
 * of whose names opens its record in 商品列表.
 */
import { Card, Empty, Table, Typography } from 'antd';
import type { GoodsStatistics } from '../../contract/api/goods';
import { useWidgetHost } from '../interface/host';
import { formatMoney, formatNumber } from '../cells/format';

type Category = GoodsStatistics['categories'][number];
type Lowest = GoodsStatistics['lowest_stock'][number];

/** 商品列表, with the record it should show over it. */
const recordInList = (id: number) => `/goods/list?view=${id}`;

export function CategoryTable({ rows }: { rows: Category[] }) {
  const { t } = useWidgetHost();
  return (
    <Card size="small" title={t('goodsStatsCategoryTable')}>
      <Table<Category>
        rowKey="category"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goodsStatsNoGoods')} /> }}
        columns={[
          { key: 'category', title: t('goodsStatsCategory'), dataIndex: 'category', render: (value: string) => value || t('goodsStatsNoCategory') },
          { key: 'count', title: t('goodsStatsGoodsCount'), dataIndex: 'count', align: 'right', render: (value: number) => formatNumber(value) },
          { key: 'on_sale', title: t('goodsStatsOnSale'), dataIndex: 'on_sale', align: 'right', render: (value: number) => formatNumber(value) },
          { key: 'value', title: t('goodsStatsStockCost'), dataIndex: 'stock_cost_fen', align: 'right', render: (value: number) => formatMoney(value) },
        ]}
      />
    </Card>
  );
}

export function LowestStockTable({ rows, low }: { rows: Lowest[]; low: number }) {
  const { t, navigate } = useWidgetHost();
  return (
    <Card size="small" title={t('goodsStatsLowestTable')}>
      <Table<Lowest>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        className="goods-stats-lowest"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goodsStatsNoOnSale')} /> }}
        columns={[
          {
            key: 'name',
            title: t('goodsStatsName'),
            dataIndex: 'name',
            render: (value: string, row) => (
              <a
                href={recordInList(row.id)}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(recordInList(row.id));
                }}
              >
                {value}
              </a>
            ),
          },
          // A phone shows the name, stock and price; the name's link leads to the rest.
          { key: 'sku', title: t('goodsStatsSku'), dataIndex: 'sku', responsive: ['sm'] },
          {
            key: 'stock',
            title: t('goodsStatsStock'),
            dataIndex: 'stock',
            align: 'right',
            // The stock cell's colours: red when none is left, orange at or below the low mark.
            render: (value: number) => <Typography.Text type={value <= 0 ? 'danger' : value <= low ? 'warning' : undefined}>{formatNumber(value)}</Typography.Text>,
          },
          { key: 'price', title: t('goodsStatsPrice'), dataIndex: 'price_fen', align: 'right', render: (value: number) => formatMoney(value) },
        ]}
      />
    </Card>
  );
}
