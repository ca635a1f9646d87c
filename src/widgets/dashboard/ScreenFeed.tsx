/**
 * 数据大屏's live feed: the newest business events, newest first. When they overflow the panel
 * they scroll up on a loop (a second copy follows the first, hidden from screen readers), pausing
 * under the pointer; on a phone, or with reduced motion, the list simply stands.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { DashboardScreenEvent } from '../../contract/api/dashboard';
import { useWidgetHost } from '../interface/host';
import type { WidgetMessageKey } from '../interface/messages';
import { formatTime } from '../cells/format';

const KIND_LABEL: Record<DashboardScreenEvent['kind'], WidgetMessageKey> = {
  ask: 'dashScreenEventAsk',
  quote: 'dashScreenEventQuote',
  accepted: 'dashScreenEventAccepted',
  import: 'dashScreenEventImport',
};
/** Seconds per item of a loop. */
const SECONDS_EACH = 3;

function Items({ events, hidden = false }: { events: DashboardScreenEvent[]; hidden?: boolean }) {
  const { t } = useWidgetHost();
  return (
    <ul className="dscreen-feed-list" aria-hidden={hidden || undefined}>
      {events.map((event) => (
        <li key={`${event.kind}:${event.no}:${event.at}`} className="dscreen-feed-item">
          <span className={`dscreen-feed-kind dscreen-feed-${event.kind}`}>{t(KIND_LABEL[event.kind])}</span>
          <span className="dscreen-feed-body">
            <span className="dscreen-feed-title">{event.title || event.no}</span>
            <span className="dscreen-feed-meta">
              {event.no} · {event.team_name}
            </span>
          </span>
          <time className="dscreen-feed-time">{formatTime(event.at, 'HH:mm')}</time>
        </li>
      ))}
    </ul>
  );
}

export function ScreenFeed({ events }: { events: DashboardScreenEvent[] }) {
  const { t } = useWidgetHost();
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows((element.firstElementChild?.firstElementChild?.scrollHeight ?? 0) > element.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [events]);
  if (events.length === 0) return <div className="dscreen-empty">{t('dashScreenEmpty')}</div>;
  return (
    <div ref={box} className="dscreen-feed" data-testid="screen-feed">
      <div className={overflows ? 'dscreen-feed-loop' : undefined} style={{ animationDuration: `${events.length * SECONDS_EACH}s` }}>
        <Items events={events} />
        {overflows && <Items events={events} hidden />}
      </div>
    </div>
  );
}
