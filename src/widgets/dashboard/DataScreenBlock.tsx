/**
 * 数据大屏: the wall display a team puts on the office's big screen. A dark, full-bleed grid of the
 * team's live business (an administrator's: every team, or the one picked): figures of today and of
 * the period against the one before, the trend of asks, quotes and adoptions, store bills per
 * platform, the quoting teams ranked by quotes adopted, the goods that sold most and the newest
 * events. One read (GET /api/dashboard/screen) every half minute and whenever quoting news arrives
 * live; the figures change in place. Placed by the screen dashboard/screen as `dashboardScreen`.
 */
import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import useSWR from 'swr';
import { Button, ConfigProvider, Segmented, Select, Skeleton, theme } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { GOODS_LOW_STOCK } from '../../contract/api/goods';
import type { DashboardScreen } from '../../contract/api/dashboard';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { formatMoney, formatNumber, formatTime } from '../cells/format';
import { percentText } from './figures';
import { ScreenTile } from './ScreenTile';
import { ScreenFeed } from './ScreenFeed';
import { screenAreas, type ScreenPanel } from './screen-layout';
import { useFullscreen } from './use-fullscreen';
import './screen.css';

const ScreenTrendChart = lazy(() => import('./ScreenTrendChart'));
const ScreenPieChart = lazy(() => import('./ScreenPieChart'));
const ScreenBarChart = lazy(() => import('./ScreenBarChart'));

type Days = '7' | '30';
const REFRESH_MS = 30_000;
/** Live frames come in bursts (an ask and the rules' quotes): one read for a burst. */
const LIVE_SETTLE_MS = 1_500;

const count = (value: number) => formatNumber(Math.round(value));
const money = (value: number) => formatMoney(Math.round(value));

function Clock() {
  const { lang } = useWidgetHost();
  const [now, setNow] = useState(() => Date.now());
  const weekday = useMemo(() => new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { weekday: 'long' }), [lang]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="dscreen-clock" aria-live="off">
      <span className="dscreen-clock-time">{formatTime(now, 'HH:mm:ss')}</span>
      <span className="dscreen-clock-date">
        {formatTime(now, 'YYYY-MM-DD')} {weekday.format(now)}
      </span>
    </div>
  );
}

function Panel({ area, title, extra, children }: { area: ScreenPanel | 'feed'; title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section className="dscreen-panel" style={{ gridArea: area }} data-testid={`screen-panel-${area}`}>
      <header className="dscreen-panel-head">
        <h2>{title}</h2>
        {extra && <span className="dscreen-panel-extra">{extra}</span>}
      </header>
      <div className="dscreen-panel-body">{children}</div>
    </section>
  );
}

const chartFallback = <Skeleton.Node active className="dscreen-chart" />;

function Tiles({ screen }: { screen: DashboardScreen }) {
  const { t } = useWidgetHost();
  const { quoting, sales, recon } = screen;
  const period = t('dashScreenPeriod', { n: screen.days });
  const spanChanges = (span: { today: { current: number | null; previous: number | null }; period: { current: number | null; previous: number | null } }) => [
    { label: t('dashScreenVsYesterday'), ...span.today },
    { label: t('dashScreenVsPrevious'), ...span.period },
  ];
  const rate = (value: number | null) => (value === null ? t('dashNone') : percentText(value));
  return (
    <div className="dscreen-tiles">
      {quoting && (
        <>
          <ScreenTile testId="tile-asks" title={`${t('dashScreenToday')}${t('dashAsks')}`} value={quoting.asks.today.current} format={count} note={`${period} ${count(quoting.asks.period.current)}`} changes={spanChanges(quoting.asks)} />
          <ScreenTile testId="tile-quotes" title={`${t('dashScreenToday')}${t('dashQuotes')}`} value={quoting.quotes.today.current} format={count} note={`${period} ${count(quoting.quotes.period.current)}`} changes={spanChanges(quoting.quotes)} />
          <ScreenTile
            testId="tile-rate"
            title={`${period}${t('dashAcceptRate')}`}
            value={quoting.accept_rate.period.current}
            format={percentText}
            note={`${t('dashScreenToday')} ${rate(quoting.accept_rate.today.current)} · ${t('dashScreenAccepted')} ${count(quoting.accepted.period.current)}`}
            changes={[{ label: t('dashScreenVsPrevious'), ...quoting.accept_rate.period }]}
          />
        </>
      )}
      {sales && (
        <>
          <ScreenTile testId="tile-sales" title={`${t('dashScreenToday')}${t('dashScreenSalesAmount')}`} value={sales.amount_fen.today.current} format={money} note={`${period} ${money(sales.amount_fen.period.current)}`} changes={spanChanges(sales.amount_fen)} />
          <ScreenTile
            testId="tile-quantity"
            title={`${t('dashScreenToday')}${t('dashScreenSalesQty')}`}
            value={sales.quantity.today.current}
            format={count}
            note={`${period} ${t('dashScreenPieces', { n: count(sales.quantity.period.current) })}`}
            changes={spanChanges(sales.quantity)}
          />
        </>
      )}
      {recon && (
        <>
          <ScreenTile testId="tile-recon" title={t('dashScreenReconAmount')} value={recon.settled_fen} format={money} note={t('dashScreenReconPaid', { amount: money(recon.paid_fen) })} />
          <ScreenTile
            testId="tile-diffs"
            title={t('dashScreenDiffs')}
            value={recon.mismatched + recon.missing}
            format={count}
            note={t('dashScreenDiffAmount', { amount: money(recon.difference_fen) })}
            alarm={recon.mismatched + recon.missing > 0}
          />
        </>
      )}
      {screen.low_stock !== null && (
        <ScreenTile testId="tile-low-stock" title={t('dashScreenLowStock')} value={screen.low_stock} format={count} note={t('dashScreenLowStockNote', { n: GOODS_LOW_STOCK })} alarm={screen.low_stock > 0} />
      )}
      <ScreenTile testId="tile-online" title={t('dashScreenOnline')} value={screen.online} format={count} note={t('dashScreenUnread', { chat: screen.unread.chat, notices: screen.unread.notices })} />
    </div>
  );
}

function Panels({ screen }: { screen: DashboardScreen }) {
  const { t, useDictionary } = useWidgetHost();
  const platforms = useDictionary('store_platform').options;
  const { quoting, sales } = screen;
  const trendLabels = useMemo(() => ({ asks: t('dashAsks'), quotes: t('dashQuotes'), accepted: t('dashScreenAccepted') }), [t]);
  const parts = useMemo(
    () => (screen.platforms ?? []).map((part) => ({ name: platforms?.find((option) => option.value === part.platform)?.label ?? part.platform, value: part.amount_fen / 100, share: part.share })),
    [screen.platforms, platforms],
  );
  const ranking = useMemo(
    () =>
      quoting && {
        names: quoting.ranking.map((row) => row.name ?? t('dashScreenAutoQuote')),
        series: [
          { name: t('dashScreenAccepted'), values: quoting.ranking.map((row) => row.accepted) },
          { name: t('dashScreenQuoted'), values: quoting.ranking.map((row) => row.quoted) },
        ],
      },
    [quoting, t],
  );
  const goods = useMemo(() => sales && { names: sales.top.map((row) => row.goods_name), series: [{ name: t('dashScreenSalesAmount'), values: sales.top.map((row) => row.amount_fen / 100) }] }, [sales, t]);
  const yuan = (value: number) => money(value * 100);
  const present = new Set<ScreenPanel>([...(screen.platforms ? ['platforms' as const] : []), ...(quoting ? ['trend' as const, 'ranking' as const] : []), ...(sales ? ['goods' as const] : [])]);
  const empty = <div className="dscreen-empty">{t('dashScreenEmpty')}</div>;
  return (
    <div className="dscreen-grid" style={{ '--dscreen-areas': screenAreas(present) } as CSSProperties}>
      {screen.platforms && (
        <Panel area="platforms" title={t('dashScreenPlatforms')} extra={t('dashScreenPlatformsSince', { month: screen.from.slice(0, 7) })}>
          {parts.length === 0 ? empty : <Suspense fallback={chartFallback}><ScreenPieChart parts={parts} format={yuan} label={t('dashScreenPlatforms')} /></Suspense>}
        </Panel>
      )}
      {quoting && (
        <Panel area="trend" title={t('dashScreenTrend')} extra={t('dashScreenPeriod', { n: screen.days })}>
          <Suspense fallback={chartFallback}>
            <ScreenTrendChart trend={quoting.trend} labels={trendLabels} />
          </Suspense>
        </Panel>
      )}
      {ranking && (
        <Panel area="ranking" title={t('dashScreenRanking')} extra={t('dashScreenPeriod', { n: screen.days })}>
          {ranking.names.length === 0 ? empty : <Suspense fallback={chartFallback}><ScreenBarChart {...ranking} label={t('dashScreenRanking')} /></Suspense>}
        </Panel>
      )}
      {goods && (
        <Panel area="goods" title={t('dashScreenTopGoods')} extra={t('dashScreenPeriod', { n: screen.days })}>
          {goods.names.length === 0 ? empty : <Suspense fallback={chartFallback}><ScreenBarChart {...goods} format={yuan} label={t('dashScreenTopGoods')} tint={2} /></Suspense>}
        </Panel>
      )}
      <Panel area="feed" title={t('dashScreenFeed')}>
        <ScreenFeed events={screen.feed} />
      </Panel>
    </div>
  );
}

/**
 * The screen's height: down to the window's bottom edge from where it starts, so it fills the
 * console's content area without a scroll bar (full screen and phones size themselves in CSS).
 */
function useFitHeight(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => element.style.setProperty('--dscreen-fit', `${Math.max(560, window.innerHeight - element.getBoundingClientRect().top - window.scrollY - 12)}px`);
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref]);
}

/** Reads again when quoting news arrives live, once per burst. */
function useLiveRefresh(refresh: () => void) {
  const { onLive } = useWidgetHost();
  const refreshNow = useEffectEvent(refresh);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(timer);
      timer = setTimeout(refreshNow, LIVE_SETTLE_MS);
    };
    const stops = [onLive('quoting.ask', heard), onLive('quoting.quote', heard)];
    return () => {
      clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
  }, [onLive]);
}

export default function DataScreenBlock(_: BlockProps) {
  const { t, data } = useWidgetHost();
  const [days, setDays] = useState<Days>('7');
  const [team, setTeam] = useState<number | undefined>();
  const { ref: screenRef, active: fullActive, toggle: toggleFull, supported: fullSupported } = useFullscreen<HTMLDivElement>();
  const read = useSWR(['dashboard', 'screen', days, team ?? ''], () => data.dashboard.screen({ days, ...(team ? { team: String(team) } : {}) }), {
    keepPreviousData: true,
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: false,
  });
  useLiveRefresh(() => void read.mutate());
  useFitHeight(screenRef);
  const screen = read.data;

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <div ref={screenRef} className={`dscreen${fullActive ? ' dscreen-full' : ''}`} data-testid="data-screen">
        <header className="dscreen-head">
          <div className="dscreen-brand">
            <h1>{t('dashScreenTitle')}</h1>
            <span className="dscreen-team" data-testid="screen-team">{screen ? (screen.team_name ?? t('dashAllTeams')) : ''}</span>
          </div>
          <div className="dscreen-controls">
            <Segmented<Days>
              size="small"
              aria-label={t('dashPeriodLabel')}
              value={days}
              onChange={setDays}
              options={[
                { value: '7', label: t('dashPeriod7') },
                { value: '30', label: t('dashPeriod30') },
              ]}
            />
            {screen?.teams && (
              <Select
                size="small"
                aria-label={t('dashTeam')}
                className="dscreen-team-select"
                allowClear
                placeholder={t('dashAllTeams')}
                value={team}
                onChange={(picked?: number) => setTeam(picked)}
                options={screen.teams.map((one) => ({ value: one.id, label: one.name }))}
              />
            )}
            {fullSupported && (
              <Button size="small" icon={fullActive ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFull}>
                {fullActive ? t('dashScreenExitFullscreen') : t('dashScreenFullscreen')}
              </Button>
            )}
          </div>
          <div className="dscreen-when">
            <Clock />
            <span className={`dscreen-updated${read.error ? ' dscreen-stale' : ''}`} data-testid="screen-updated">
              {screen ? t('dashScreenUpdated', { time: formatTime(screen.at, 'HH:mm:ss') }) : ''}
              {read.error && ` · ${t('loadFailed')}`}
            </span>
          </div>
        </header>
        {!screen ? (
          <div className="dscreen-loading">{read.error ? <Button onClick={() => void read.mutate()}>{t('retry')}</Button> : <Skeleton active />}</div>
        ) : (
          <>
            <Tiles screen={screen} />
            <Panels screen={screen} />
          </>
        )}
      </div>
    </ConfigProvider>
  );
}
