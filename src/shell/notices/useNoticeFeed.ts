import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notice, NoticeList } from '../../contract/api/notice';
import { settings } from '../../contract/settings';
import { request } from '../request/client';
import { useStore } from '../store';
import { sessionStore } from '../auth/session';

/**
 * The signed-in user's open notices, polled every settings.noticeInterval ms (null before the first
 * answer), and a way to close one for good.
 */
export function useNoticeFeed(): { notices: Notice[] | null; close: (id: number) => void } {
  const signedIn = useStore(sessionStore) !== null;
  const [notices, setNotices] = useState<Notice[] | null>(null);
  // Closed here but perhaps still in a poll answer already on its way.
  const closed = useRef(new Set<number>());

  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The next poll is planned only once the last one has answered, so a slow server never has two.
    const poll = async () => {
      try {
        const { rows } = await request<NoticeList>('/api/index/find-notice', { silent: true });
        if (!stopped) setNotices(rows.filter((notice) => !closed.current.has(notice.id)));
      } catch {
        // Tried again on the next tick; a lost session is the request client's to handle.
      }
      if (!stopped) timer = setTimeout(poll, settings.noticeInterval);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [signedIn]);

  const close = useCallback((id: number) => {
    if (closed.current.has(id)) return;
    closed.current.add(id);
    setNotices((current) => current && current.filter((notice) => notice.id !== id));
    // On failure the next poll brings the notice back.
    request('/api/index/find-notice-close', { body: { id } }).catch(() => closed.current.delete(id));
  }, []);

  return { notices, close };
}
