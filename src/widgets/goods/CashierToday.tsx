/** 今日收银: the team's sales of the day, counted and summed per payment, and the latest with their receipts. */
import { Button, Card, Empty, Popover, Statistic, Tag, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import type { CashierToday as Today } from '../../contract/api/cashier';
import { useWidgetHost } from '../interface/host';
import { formatMoney, formatTime } from '../cells/format';

export function CashierToday({ today, onReceipt }: { today: Today; onReceipt(id: number): void }) {
  const { t } = useWidgetHost();
  const recent = (
    <ul className="cashier-recent">
      {today.recent.map((sale) => (
        <li key={sale.id}>
          <Button type="link" size="small" onClick={() => onReceipt(sale.id)} aria-label={`${t('goodsCashierView')} ${sale.sale_no}`}>
            {sale.sale_no}
          </Button>
          <Typography.Text type="secondary">{formatTime(sale.sold_at, 'HH:mm')}</Typography.Text>
          <Tag>{t(`goodsCashierPay_${sale.payment}`)}</Tag>
          <strong>{formatMoney(sale.total_fen)}</strong>
        </li>
      ))}
    </ul>
  );
  return (
    <Card size="small" className="cashier-today" data-testid="cashier-today">
      <div className="cashier-today-figures">
        <Statistic title={`${t('goodsCashierToday')} · ${today.team_name ?? ''}`} value={formatMoney(today.total_fen)} suffix={<small>{t('goodsCashierSales', { count: today.count })}</small>} />
        {today.by_payment.map((row) => (
          <Statistic key={row.payment} className="cashier-today-payment" title={t(`goodsCashierPay_${row.payment}`)} value={formatMoney(row.total_fen)} suffix={<small>{t('goodsCashierSales', { count: row.count })}</small>} />
        ))}
        <Popover
          trigger="click"
          placement="bottomRight"
          title={t('goodsCashierRecent')}
          content={today.recent.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goodsCashierNoSales')} /> : recent}
        >
          <Button icon={<HistoryOutlined />} data-testid="cashier-recent">
            {t('goodsCashierRecent')}
          </Button>
        </Popover>
      </div>
    </Card>
  );
}
