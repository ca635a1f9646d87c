import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { App as AntApp, Badge, Button, Empty, Popover, Typography } from 'antd';
import { BellOutlined, CloseOutlined } from '@ant-design/icons';
import type { Notice } from '../../contract/api/notice';
import { settings } from '../../contract/settings';
import { useI18n } from '../i18n/I18nProvider';
import { formatRelativeTime } from '../utils/relative-time';
import { useNoticeFeed } from './useNoticeFeed';
import { keepShown, markShown, wasShown } from './shown-notices';
import { playNoticeSound } from './sound';
import { handleFindPath } from '../../contract/api/quoting';
import { NOTICE_TITLES, NoticeHtml } from './NoticeHtml';
import './notices.css';
import { useShellNavigate } from '../router/shell-navigate';
import { useStore } from '../store';
import { deviceStore } from '../theme/device-store';
import { sessionStore } from '../auth/session';

const popUpKey = (id: number) => `notice-${id}`;

/**
 * The notices popped up and not closed in this sign-in. They outlive the bell: crossing the phone
 * width draws a new header and bell, with antd's notification settings for that size (a new API
 * object over the same holder), and the new bell shows these again where that size keeps them (the
 * bottom, compact) instead of leaving desk cards over the page. Signing out forgets them.
 */
const up = new Map<number, Notice>();
/** A phone's pop-ups fold back into the bell on their own; these are the timers that do it, by notice. */
const folding = new Map<number, ReturnType<typeof setTimeout>>();
function stopFolding(id: number) {
  clearTimeout(folding.get(id));
  folding.delete(id);
}
sessionStore.subscribe((session) => {
  if (session) return;
  up.clear();
  for (const id of [...folding.keys()]) stopFolding(id);
});

/**
 * Pops up each notice not yet shown in this browser session, oldest first and at least
 * settings.noticeStagger ms after the one before.
 */
function usePopUps(notices: Notice[] | null, popUp: (notice: Notice) => void) {
  const queued = useRef(new Set<number>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const nextAt = useRef(0);

  useEffect(() => {
    if (!notices) return;
    keepShown(notices.map((notice) => notice.id));
    for (const notice of [...notices].reverse()) {
      if (wasShown(notice.id) || queued.current.has(notice.id)) continue;
      queued.current.add(notice.id);
      const now = Date.now();
      const at = Math.max(now, nextAt.current);
      nextAt.current = at + settings.noticeStagger;
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        queued.current.delete(notice.id);
        markShown(notice.id);
        popUp(notice);
      }, at - now);
      timers.current.add(timer);
    }
  }, [notices, popUp]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
}

/**
 * The header bell: polls the user's notices, pops each new one up at the bottom right until it is
 * closed, and lists the open ones. A click on a notice opens the asking record it is about.
 *
 * A phone's screen has no corner to spare and its header is its only way around (the menu button,
 * the title, the avatar), so there a pop-up sits at the bottom, compact, stacked into one pile, and
 * after settings.noticePhoneShown ms folds back into the bell, where it stays open until the user
 * closes it, as a phone's own notifications do. Only its close button closes it for good.
 */
export function NoticeCenter() {
  const { t, lang } = useI18n();
  const navigate = useShellNavigate();
  const { notification } = AntApp.useApp();
  const { notices, close } = useNoticeFeed();
  const phone = useStore(deviceStore) === 'mobile';

  const dismiss = useCallback(
    (id: number) => {
      up.delete(id);
      stopFolding(id);
      notification.destroy(popUpKey(id));
      close(id);
    },
    [notification, close],
  );
  const openNotice = useCallback(
    (notice: Notice) => {
      dismiss(notice.id);
      navigate(handleFindPath(notice.find_id));
    },
    [dismiss, navigate],
  );
  const show = useCallback(
    (notice: Notice) => {
      up.set(notice.id, notice);
      stopFolding(notice.id);
      // antd's own duration would call onClose, which closes the notice for good: folding is a timer of ours.
      if (phone) {
        folding.set(
          notice.id,
          setTimeout(() => {
            folding.delete(notice.id);
            up.delete(notice.id);
            notification.destroy(popUpKey(notice.id));
          }, settings.noticePhoneShown),
        );
      }
      // Opened again under its key, a pop-up is redrawn in place or moved to its new placement.
      notification.open({
        key: popUpKey(notice.id),
        title: t(NOTICE_TITLES[notice.type]),
        description: <NoticeHtml html={notice.content} />,
        placement: phone ? 'bottom' : 'bottomRight',
        duration: 0,
        className: phone ? 'notice-popup notice-popup--compact' : 'notice-popup',
        props: { 'data-testid': `notice-popup-${notice.id}` },
        onClick: () => openNotice(notice),
        onClose: () => {
          up.delete(notice.id);
          stopFolding(notice.id);
          close(notice.id);
        },
      });
    },
    [notification, t, openNotice, close, phone],
  );
  const popUp = useCallback(
    (notice: Notice) => {
      show(notice);
      playNoticeSound();
    },
    [show],
  );
  usePopUps(notices, popUp);
  const placeAgain = useEffectEvent(() => {
    for (const notice of up.values()) show(notice);
  });
  // Drawn anew (a phone's header is another), the bell moves the pop-ups still up to where this size keeps them.
  useEffect(() => placeAgain(), [phone]);

  const open = notices ?? [];
  const list = (
    <div className="notice-list">
      {open.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      ) : (
        open.map((notice) => (
          <div
            key={notice.id}
            className="notice-item"
            role="button"
            tabIndex={0}
            onClick={() => openNotice(notice)}
            onKeyDown={(event) => event.key === 'Enter' && openNotice(notice)}
          >
            <div className="notice-item-head">
              <Typography.Text strong>{t(NOTICE_TITLES[notice.type])}</Typography.Text>
              <Typography.Text type="secondary">{formatRelativeTime(notice.created_at, { lang })}</Typography.Text>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('notice.close')}
                title={t('notice.close')}
                onClick={(event) => {
                  event.stopPropagation();
                  dismiss(notice.id);
                }}
              />
            </div>
            <NoticeHtml html={notice.content} />
          </div>
        ))
      )}
    </div>
  );

  return (
    <Popover content={list} title={t('notice.title')} trigger="click" placement="bottomRight">
      <Badge count={open.length} size="small" overflowCount={99}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('notice.title')} title={t('notice.title')} data-testid="notice-bell" />
      </Badge>
    </Popover>
  );
}
