/**
 * 商品统计's tables: the categories with most goods, and the on-sale goods with least stock, each
 * of whose names opens its record in 商品列表.
 */
import { Card, Empty, Table, Typography, type TableColumnsType } from 'antd';
import type { GoodsStatistics } from '../../contract/api/goods';
import { useWidgetHost } from '../interface/host';
import { formatMoney, formatNumber } from '../cells/format';

type Category = GoodsStatistics['categories'][number];
type Lowest = GoodsStatistics['lowest_stock'][number];

/** 商品列表, with the record it should show over it. */
const recordInList = (id: number) => `/goods/list?view=${id}`;

interface StatisticsTableProps<Row> {
  title: string;
  rowKey: keyof Row & string;
  rows: Row[];
  empty: string;
  columns: TableColumnsType<Row>;
  className?: string;
}

/** A small unpaged table in its card, as both of the page's tables are drawn. */
function StatisticsTable<Row extends object>({ title, rowKey, rows, empty, columns, className }: StatisticsTableProps<Row>) {
  return (
    <Card size="small" title={title}>
      <Table<Row>
        rowKey={rowKey}
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        className={className}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
        columns={columns}
      />
    </Card>
  );
}

export function CategoryTable({ rows }: { rows: Category[] }) {
  const { t } = useWidgetHost();
  return (
    <StatisticsTable<Category>
      title={t('goodsStatsCategoryTable')}
      rowKey="category"
      rows={rows}
      empty={t('goodsStatsNoGoods')}
      columns={[
        { key: 'category', title: t('goodsStatsCategory'), dataIndex: 'category', render: (value: string) => value || t('goodsStatsNoCategory') },
        { key: 'count', title: t('goodsStatsGoodsCount'), dataIndex: 'count', align: 'right', render: (value: number) => formatNumber(value) },
        { key: 'on_sale', title: t('goodsStatsOnSale'), dataIndex: 'on_sale', align: 'right', render: (value: number) => formatNumber(value) },
        { key: 'value', title: t('goodsStatsStockCost'), dataIndex: 'stock_cost_fen', align: 'right', render: (value: number) => formatMoney(value) },
      ]}
    />
  );
}

export function LowestStockTable({ rows, low }: { rows: Lowest[]; low: number }) {
  const { t, navigate } = useWidgetHost();
  return (
    <StatisticsTable<Lowest>
      title={t('goodsStatsLowestTable')}
      rowKey="id"
      rows={rows}
      empty={t('goodsStatsNoOnSale')}
      className="goods-stats-lowest"
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
  );
}
