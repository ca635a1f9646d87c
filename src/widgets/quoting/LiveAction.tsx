/**
 * A list toolbar's live mark for quoting's lists (the board, the manual queue, my asks): it follows
 * the live frames and reloads the list when an ask or a quote it may show changes, so new asks
 * appear without a reload. It shows that the list is live and when it last heard something.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { Badge, Tooltip } from 'antd';
import { formatTime } from '../cells/format';
import { useWidgetHost } from '../interface/host';
import type { ActionWidgetProps } from '../interface/registry';
import type { LiveEvent } from '../interface/live';

/** Frames heard within this window reload the list once: a rule's quotes arrive in a burst. */
const SETTLE_MS = 300;

export default function LiveAction({ action, reload }: ActionWidgetProps) {
  const { t, onLive, useRevalidate } = useWidgetHost();
  const revalidate = useRevalidate();
  const [heardAt, setHeardAt] = useState<number | null>(null);
  const reloadAll = useEffectEvent(() => {
    reload();
    // The board's two tabs and the queue read each other's resources: all three are told.
    for (const resource of ['price_asks', 'price_quotes', 'ask_queue']) revalidate(resource);
    setHeardAt(Date.now());
  });
  const events: LiveEvent[] = Array.isArray(action.options?.events)
    ? action.options.events.filter((e): e is LiveEvent => e === 'quoting.ask' || e === 'quoting.quote')
    : ['quoting.ask', 'quoting.quote'];
  const key = events.join(',');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(timer);
      timer = setTimeout(reloadAll, SETTLE_MS);
    };
    const stops = key.split(',').map((event) => onLive(event as LiveEvent, heard));
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [key, onLive]);

  return (
    <Tooltip title={heardAt ? t('qLiveHeard', { time: formatTime(heardAt, 'HH:mm:ss') }) : t('qLiveHint')}>
      <Badge status="processing" text={t('qLive')} className="quoting-live" data-testid="quoting-live" />
    </Tooltip>
  );
}
