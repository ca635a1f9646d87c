/** One of 首页's cards: a big number, today's share of it, and its change against the period before. */
import { Card, Statistic, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useWidgetHost } from '../interface/host';
import { deltaOf, percentText } from './figures';

export interface FigureCardProps {
  title: string;
  /** What the card shows, already worded. */
  value: string | number;
  current: number | null;
  previous: number | null;
  /** A line under the number, such as today's count. */
  note?: string;
  /** Whether a fall is the good direction (a waiting time). */
  lowerIsBetter?: boolean;
}

export function FigureCard({ title, value, current, previous, note, lowerIsBetter = false }: FigureCardProps) {
  const { t } = useWidgetHost();
  const delta = deltaOf(current, previous);
  const good = delta !== null && delta !== 0 && delta > 0 !== lowerIsBetter;
  return (
    <Card size="small" className="dash-figure">
      <Statistic title={title} value={value} />
      <div className="dash-figure-foot">
        {note && <Typography.Text type="secondary">{note}</Typography.Text>}
        <Typography.Text type={delta === null || delta === 0 ? 'secondary' : good ? 'success' : 'danger'}>
          {delta === null ? t('dashNoPrevious') : delta === 0 ? `${t('dashVsPrevious')} ${t('dashUnchanged')}` : (
            <>
              {t('dashVsPrevious')} {delta > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {percentText(Math.abs(delta))}
            </>
          )}
        </Typography.Text>
      </div>
    </Card>
  );
}
