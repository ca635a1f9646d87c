/**
 * 首页: the figures of the user's team at a glance (an administrator's: every team, or the one
 * picked). Cards with the period's numbers against the period before, the trend of asks and quotes
 * per day (ECharts, loaded lazily), the newest asks waiting for a quote, reconciliation and what is
 * unread. Placed by the screen dashboard/index as the block `dashboardOverview`.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import useSWR from 'swr';
import { Button, Card, Empty, Flex, Result, Segmented, Select, Skeleton, Statistic, Typography } from 'antd';
import type { DashboardOverview, DashboardQuoting, DashboardRecon } from '../../contract/api/dashboard';
import { handleFindPath } from '../../contract/api/quoting';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { formatMoney, formatTime } from '../cells/format';
import { FigureCard } from './FigureCard';
import { durationParts, percentText } from './figures';
import './dashboard.css';

const TrendChart = lazy(() => import('./TrendChart'));

type Days = '7' | '30';

function QuotingCards({ quoting }: { quoting: DashboardQuoting }) {
  const { t } = useWidgetHost();
  const minutes = (value: number | null) => {
    if (value === null) return t('dashNone');
    if (value < 1) return t('dashUnderMinute');
    const parts = durationParts(value);
    return parts.hours > 0 ? t('dashHours', { h: parts.hours, m: parts.minutes }) : t('dashMinutes', { n: parts.minutes });
  };
  const { asks, quotes, accept_rate: rate, first_quote_minutes: first } = quoting;
  return (
    <>
      <FigureCard title={t('dashAsks')} value={asks.current} current={asks.current} previous={asks.previous} note={t('dashToday', { n: asks.today })} />
      <FigureCard title={t('dashQuotes')} value={quotes.current} current={quotes.current} previous={quotes.previous} note={t('dashToday', { n: quotes.today })} />
      <FigureCard title={t('dashAcceptRate')} value={rate.current === null ? t('dashNone') : percentText(rate.current)} current={rate.current} previous={rate.previous} />
      <FigureCard title={t('dashFirstQuote')} value={minutes(first.current)} current={first.current} previous={first.previous} lowerIsBetter />
    </>
  );
}

function Waiting({ quoting }: { quoting: DashboardQuoting }) {
  const { t, navigate } = useWidgetHost();
  return (
    <Card size="small" title={t('dashWaiting')} className="dash-waiting">
      {quoting.waiting.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashWaitingEmpty')} />
      ) : (
        <ul className="dash-list">
          {quoting.waiting.map((ask) => (
            <li key={ask.id}>
              <Typography.Link href={handleFindPath(ask.ask_no)} onClick={(event) => { event.preventDefault(); navigate(handleFindPath(ask.ask_no)); }}>
                {ask.goods_name}
              </Typography.Link>
              <Typography.Text type="secondary" className="dash-list-meta">
                {ask.ask_no} · {t('dashQuantity', { n: ask.quantity })} · {ask.team_name} · {formatTime(ask.created_at, 'MM-DD HH:mm')}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Recon({ recon }: { recon: DashboardRecon }) {
  const { t } = useWidgetHost();
  if (recon.orders === 0 && recon.lines === 0) {
    return (
      <Card size="small" title={t('dashRecon')}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashReconEmpty')} />
      </Card>
    );
  }
  const items: Array<[string, string | number, boolean?]> = [
    [t('dashReconOrders'), recon.orders],
    [t('dashReconLines'), recon.lines],
    [t('dashReconMatched'), recon.matched],
    [t('dashReconMismatched'), recon.mismatched, recon.mismatched > 0],
    [t('dashReconMissing'), recon.missing, recon.missing > 0],
    [t('dashReconPaid'), formatMoney(recon.paid_fen)],
    [t('dashReconSettled'), formatMoney(recon.settled_fen)],
    [t('dashReconDifference'), formatMoney(recon.difference_fen), recon.difference_fen !== 0],
  ];
  return (
    <Card size="small" title={t('dashRecon')}>
      <div className="dash-recon">
        {items.map(([title, value, alarm]) => (
          <Statistic key={title} title={title} value={value} styles={{ content: alarm ? { color: 'var(--ant-color-error-text)' } : undefined }} />
        ))}
      </div>
    </Card>
  );
}

function Toolbar({ answer, days, onDays, onTeam }: { answer: DashboardOverview | undefined; days: Days; onDays(days: Days): void; onTeam(team: number | undefined): void }) {
  const { t } = useWidgetHost();
  return (
    <Flex gap={8} wrap align="center" justify="space-between" className="dash-toolbar">
      <Flex gap={8} wrap align="center">
        <Segmented<Days>
          aria-label={t('dashPeriodLabel')}
          value={days}
          onChange={onDays}
          options={[
            { value: '7', label: t('dashPeriod7') },
            { value: '30', label: t('dashPeriod30') },
          ]}
        />
        {answer && <Typography.Text type="secondary">{t('dashSince', { from: answer.from })}</Typography.Text>}
      </Flex>
      {answer?.teams && (
        <Select
          aria-label={t('dashTeam')}
          className="dash-team"
          allowClear
          placeholder={t('dashAllTeams')}
          value={answer.team ?? undefined}
          onChange={(team?: number) => onTeam(team)}
          options={answer.teams.map((team) => ({ value: team.id, label: team.name }))}
        />
      )}
    </Flex>
  );
}

/** The unread chat messages, with the way to them where the console has its chat. */
function UnreadChat({ count }: { count: number }) {
  const { t, openChat } = useWidgetHost();
  return (
    <Card size="small" className="dash-figure">
      <Statistic title={t('dashUnreadChat')} value={count} />
      {openChat && (
        <div className="dash-figure-foot">
          <Typography.Link onClick={() => openChat()}>{t('dashOpenChat')}</Typography.Link>
        </div>
      )}
    </Card>
  );
}

export default function OverviewBlock(_: BlockProps) {
  const { t, data } = useWidgetHost();
  const [days, setDays] = useState<Days>('7');
  const [team, setTeam] = useState<number | undefined>();
  const overview = useSWR(['dashboard', 'overview', days, team ?? ''], () => data.dashboard.overview({ days, ...(team ? { team: String(team) } : {}) }), { keepPreviousData: true });
  const labels = useMemo(() => ({ asks: t('dashAsks'), quotes: t('dashQuotes') }), [t]);
  const answer = overview.data;

  if (overview.error && !answer) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void overview.mutate()}>{t('retry')}</Button>} />;

  const quoting = answer?.quoting;
  const quiet = quoting && quoting.trend.every((day) => day.asks === 0 && day.quotes === 0);
  return (
    <Flex vertical gap={12} className="dash-overview">
      <Toolbar answer={answer} days={days} onDays={setDays} onTeam={setTeam} />
      {!answer ? (
        <Skeleton active />
      ) : (
        <>
          <div className="dash-figures">
            {quoting && <QuotingCards quoting={quoting} />}
            <UnreadChat count={answer.unread.chat} />
            <Card size="small" className="dash-figure">
              <Statistic title={t('dashUnreadNotices')} value={answer.unread.notices} />
            </Card>
          </div>
          {quoting && (
            <div className="dash-split">
              <Card size="small" title={t('dashTrend')}>
                {quiet ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashQuotingEmpty')} />
                ) : (
                  <Suspense fallback={<Skeleton.Node active className="dash-chart" />}>
                    <TrendChart trend={quoting.trend} labels={labels} />
                  </Suspense>
                )}
              </Card>
              <Waiting quoting={quoting} />
            </div>
          )}
          {answer.recon && <Recon recon={answer.recon} />}
        </>
      )}
    </Flex>
  );
}
