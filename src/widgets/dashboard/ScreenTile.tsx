/** One figure of 数据大屏's strip: today's (or the standing) value, a note, and how it moved. */
import type { ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useWidgetHost } from '../interface/host';
import { AnimatedNumber } from './AnimatedNumber';
import { deltaOf, percentText } from './figures';

export interface TileChange {
  /** 'vs yesterday', 'vs previous'. */
  label: string;
  current: number | null;
  previous: number | null;
}

export interface ScreenTileProps {
  title: string;
  value: number | null;
  format: (value: number) => string;
  /** A line under the number (the period's figure, an amount). */
  note?: ReactNode;
  changes?: TileChange[];
  /** A figure that should stand out when not zero (differences, low stock). */
  alarm?: boolean;
  testId?: string;
}

function Change({ label, current, previous }: TileChange) {
  const { t } = useWidgetHost();
  const delta = deltaOf(current, previous);
  if (delta === null) return <span className="dscreen-change">{label} {t('dashNone')}</span>;
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  return (
    <span className={`dscreen-change dscreen-change-${direction}`}>
      {label} {delta > 0 ? <ArrowUpOutlined /> : delta < 0 ? <ArrowDownOutlined /> : null} {percentText(Math.abs(delta))}
    </span>
  );
}

export function ScreenTile({ title, value, format, note, changes = [], alarm = false, testId }: ScreenTileProps) {
  const { t } = useWidgetHost();
  return (
    <div className={`dscreen-tile${alarm ? ' dscreen-tile-alarm' : ''}`} data-testid={testId}>
      <div className="dscreen-tile-title">{title}</div>
      <div className="dscreen-tile-value">{value === null ? t('dashNone') : <AnimatedNumber value={value} format={format} />}</div>
      {note && <div className="dscreen-tile-note">{note}</div>}
      {changes.length > 0 && (
        <div className="dscreen-tile-changes">
          {changes.map((change) => (
            <Change key={change.label} {...change} />
          ))}
        </div>
      )}
    </div>
  );
}
