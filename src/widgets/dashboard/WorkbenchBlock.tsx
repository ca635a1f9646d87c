/**
 * 工作台: what waits on the user, each item a link to where it is handled (the ask page, the
 * platform's orders), their unread notices, and quick entries to the everyday screens of their own
 * menu. Placed by the screen dashboard/workbench as the block `dashboardWorkbench`.
 */
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { Badge, Button, Card, Empty, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import type { DashboardWorkbench } from '../../contract/api/dashboard';
import { handleFindPath } from '../../contract/api/quoting';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { formatMoney, formatTime } from '../cells/format';
import './dashboard.css';

const WHEN = 'MM-DD HH:mm';

/** A notice's text without its markup (it is written as HTML with a bold ask number). */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

interface Item {
  key: string;
  title: string;
  to: string | null;
  meta: ReactNode;
}

function Section({ title, items, empty }: { title: string; items: Item[]; empty: string }) {
  const { navigate } = useWidgetHost();
  return (
    <Card size="small" title={<Flex gap={8} align="center">{title}<Badge count={items.length} showZero color={items.length ? undefined : 'var(--ant-color-text-quaternary)'} /></Flex>}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul className="dash-list">
          {items.map((item) => (
            <li key={item.key}>
              {item.to ? (
                <Typography.Link href={item.to} onClick={(event) => { event.preventDefault(); navigate(item.to!); }}>
                  {item.title}
                </Typography.Link>
              ) : (
                <Typography.Text>{item.title}</Typography.Text>
              )}
              <Typography.Text type="secondary" className="dash-list-meta">{item.meta}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function useSections(work: DashboardWorkbench): Array<{ title: string; items: Item[]; empty: string }> {
  const { t, useDictionary } = useWidgetHost();
  const platforms = useDictionary('store_platform').options;
  const platformName = (value: string) => platforms?.find((option) => option.value === value)?.label ?? value;
  const sections = [
    {
      title: t('dashQueue'),
      items: work.queue.map((ask) => ({
        key: ask.ask_no,
        title: ask.goods_name,
        to: handleFindPath(ask.ask_no),
        meta: (
          <>
            {ask.ask_no} · {t('dashQuantity', { n: ask.quantity })} · {formatTime(ask.at, WHEN)} {ask.mine && <Tag color="blue">{t('dashQueueMine')}</Tag>}
          </>
        ),
      })),
    },
    {
      title: t('dashToAccept'),
      items: work.to_accept.map((ask) => ({ key: ask.ask_no, title: ask.goods_name, to: handleFindPath(ask.ask_no), meta: `${ask.ask_no} · ${t('dashQuotesWaiting', { n: ask.quotes })} · ${formatTime(ask.at, WHEN)}` })),
    },
    {
      title: t('dashExpiring'),
      items: work.expiring.map((quote) => ({
        key: quote.quote_no,
        title: `${quote.goods_name} · ${formatMoney(quote.price_fen)}`,
        to: handleFindPath(quote.ask_no),
        meta: `${quote.quote_no} · ${t('dashExpiresAt', { time: formatTime(quote.expires_at, WHEN) })}`,
      })),
    },
    {
      title: t('dashDifferences'),
      items: work.differences.map((shop) => ({
        key: `${shop.platform}/${shop.shop_name}`,
        title: `${platformName(shop.platform)} · ${shop.shop_name}`,
        to: `/bill/core/${shop.platform}`,
        meta: [t('dashDiffOrders', { n: shop.orders }), formatMoney(shop.difference_fen), ...(shop.last_file ? [t('dashLastImport', { file: shop.last_file, time: formatTime(shop.last_import_at, WHEN) })] : [])].join(' · '),
      })),
    },
  ];
  // A list that has never anything for this user (a seller's queue) is left out; notices are everyone's.
  return [
    ...sections.filter((section) => section.items.length > 0).map((section) => ({ ...section, empty: '' })),
    {
      title: t('dashNotices'),
      empty: t('dashNoNotices'),
      items: work.notices.map((notice) => ({ key: String(notice.id), title: plainText(notice.content), to: notice.find_id ? handleFindPath(notice.find_id) : null, meta: formatTime(notice.created_at, WHEN) })),
    },
  ];
}

function Sections({ work }: { work: DashboardWorkbench }) {
  const { t } = useWidgetHost();
  const sections = useSections(work);
  const todo = work.queue.length + work.to_accept.length + work.expiring.length + work.differences.length;
  return (
    <>
      {todo === 0 && (
        <Card size="small">
          <Flex gap={8} align="center">
            <CheckCircleFilled className="dash-all-done" />
            <Typography.Text>{t('dashAllDone')}</Typography.Text>
          </Flex>
        </Card>
      )}
      <div className="dash-sections">
        {sections.map((section) => (
          <Section key={section.title} {...section} />
        ))}
      </div>
    </>
  );
}

export default function WorkbenchBlock(_: BlockProps) {
  const { t, lang, data, navigate } = useWidgetHost();
  const work = useSWR(['dashboard', 'workbench'], () => data.dashboard.workbench());
  if (work.error && !work.data) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void work.mutate()}>{t('retry')}</Button>} />;
  if (!work.data) return <Skeleton active />;
  return (
    <Flex vertical gap={12} className="dash-workbench">
      {work.data.entries.length > 0 && (
        <Card size="small" title={t('dashEntries')}>
          <Flex gap={8} wrap>
            {work.data.entries.map((entry) => (
              <Button key={entry.path} onClick={() => navigate(entry.path)}>
                {entry.title[lang]}
              </Button>
            ))}
          </Flex>
        </Card>
      )}
      <Sections work={work.data} />
    </Flex>
  );
}
