/**
 * 商品统计's headline cards: goods on sale, stock value, low stock, rating, and (for readers of
 * trades) income, expense and net, each period figure with how it moved against the previous period.
 */
import type { ReactNode } from 'react';
import { Card, Flex, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { GoodsCompared, GoodsComparedAverage, GoodsStatistics } from '../../contract/api/goods';
import { useWidgetHost } from '../interface/host';
import { formatMoney, formatNumber } from '../cells/format';

/** How a figure moved: up or down by a share of the previous one, in green when that is good news. */
function Delta({ figure, goodWhen = 'up' }: { figure: GoodsCompared | GoodsComparedAverage; goodWhen?: 'up' | 'down' }) {
  const { t } = useWidgetHost();
  if (figure.change === null) return null;
  if (figure.change === 0) return <Typography.Text type="secondary">{`${t('goodsStatsVsPrevious')} ${t('goodsStatsUnchanged')}`}</Typography.Text>;
  if (figure.ratio === null) return <Typography.Text type="secondary">{t('goodsStatsFromZero')}</Typography.Text>;
  const up = figure.change > 0;
  const good = up === (goodWhen === 'up');
  return (
    <Typography.Text type={good ? 'success' : 'danger'}>
      {t('goodsStatsVsPrevious')} {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatNumber(Math.abs(figure.ratio * 100), 1)}%
    </Typography.Text>
  );
}

function Figure({ title, value, footer, testId }: { title: string; value: ReactNode; footer?: ReactNode; testId: string }) {
  return (
    <Card size="small" data-testid={testId}>
      <Statistic title={title} value={value as string} />
      <Flex vertical gap={2} className="goods-stats-figure-footer">
        {footer}
      </Flex>
    </Card>
  );
}

export function StatisticsFigures({ data }: { data: GoodsStatistics }) {
  const { t } = useWidgetHost();
  const { goods, comments, trades } = data;
  const rating = comments.average_rating.current;
  return (
    <div className="goods-stats-figures">
      <div className="goods-stats-figure-row">
        <Figure
          testId="goods-stats-on-sale"
          title={t('goodsStatsOnSale')}
          value={`${formatNumber(goods.on_sale)} / ${formatNumber(goods.total)}`}
          footer={
            <>
              <Typography.Text type="secondary">{t('goodsStatsAdded', { count: goods.added.current })}</Typography.Text>
              <Delta figure={goods.added} />
            </>
          }
        />
        <Figure
          testId="goods-stats-stock-value"
          title={t('goodsStatsStockCost')}
          value={formatMoney(goods.stock_cost_fen)}
          footer={<Typography.Text type="secondary">{t('goodsStatsStockPrice', { value: formatMoney(goods.stock_price_fen) })}</Typography.Text>}
        />
        <Figure
          testId="goods-stats-low-stock"
          title={t('goodsStatsLowStock')}
          value={formatNumber(goods.low_stock)}
          footer={<Typography.Text type="secondary">{t('goodsStatsLowStockHint', { low: goods.low_stock_threshold })}</Typography.Text>}
        />
        <Figure
          testId="goods-stats-rating"
          title={t('goodsStatsRating')}
          value={rating === null ? t('goodsStatsNoAverage') : formatNumber(rating, 2)}
          footer={
            <>
              <Typography.Text type="secondary">{t('goodsStatsComments', { count: comments.count.current })}</Typography.Text>
              <Delta figure={comments.average_rating} />
            </>
          }
        />
      </div>
      {trades && (
        <div className="goods-stats-figure-row">
          <Figure testId="goods-stats-income" title={t('goodsStatsIncome')} value={formatMoney(trades.income_fen.current)} footer={<Delta figure={trades.income_fen} />} />
          <Figure testId="goods-stats-expense" title={t('goodsStatsExpense')} value={formatMoney(trades.expense_fen.current)} footer={<Delta figure={trades.expense_fen} goodWhen="down" />} />
          <Figure
            testId="goods-stats-net"
            title={t('goodsStatsNet')}
            value={formatMoney(trades.net_fen.current)}
            footer={
              <>
                <Delta figure={trades.net_fen} />
                <Typography.Text type="secondary">{t('goodsStatsSuccessOnly')}</Typography.Text>
              </>
            }
          />
        </div>
      )}
    </div>
  );
}
