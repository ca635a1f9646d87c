import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { ArrowDownOutlined, CheckOutlined, LoadingOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MSG_CODE, MSG_FILE, MSG_IMAGE, type ChatRecord } from '../../contract/api/chat';
import { useI18n } from '../i18n/I18nProvider';
import type { ChatController } from './chat-store';
import { FAILED, LOADING } from './chat-state';
import type { DialogueSlot, DialogueState } from './dialogues';
import type { OutboxEntry } from './outbox';
import { messageFloat } from './records';
import { imageBox, MessageBubble, RetryLinks, type BubbleMessage } from './MessageBubble';

/** A message more than this long after the one before it gets the time above it, in ms. */
const TIME_GAP = 5 * 60_000;
/** Within this many px of an edge counts as being there. */
const EDGE = 48;
/** Older history loads when the user scrolls this close to the top, in px. */
const LOAD_OLDER_AT = 160;

type Item =
  | { key: string; kind: 'record'; record: ChatRecord; time?: number }
  | { key: string; kind: 'pending'; entry: OutboxEntry; time?: number };

/** A first guess at a row's height, so the scrollbar is about right before rows are measured. */
function estimate(item: Item): number {
  const message = item.kind === 'record' ? item.record : item.entry;
  const stamp = item.time !== undefined ? 28 : 0;
  if (item.kind === 'record' && !(item.record.send_id > 0)) return stamp + 40;
  switch (message.msg_type) {
    case MSG_IMAGE:
      return stamp + imageBox(message.extra ?? {}).height + 40;
    case MSG_FILE:
      return stamp + 96;
    case MSG_CODE:
      return stamp + Math.min(320, message.content.split('\n').length * 20) + 80;
    default:
      return stamp + 48 + Math.floor(message.content.length / 40) * 22;
  }
}

export interface Me {
  id: number;
  name: string;
  avatar: string;
}

/**
 * A dialogue's history, virtualised so ten thousand messages scroll as smoothly as ten: only the
 * rows on screen are in the page. It stays at the newest message while the user is there, keeps
 * its place when an older page comes in above, and loads that page when the user nears the top.
 */
export function MessageList({
  chat,
  slot,
  dialogue,
  pending,
  me,
}: {
  chat: ChatController;
  slot: DialogueSlot;
  dialogue: DialogueState;
  pending: OutboxEntry[];
  me: Me;
}) {
  const { t } = useI18n();
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ firstKey: string | undefined; total: number; pending: number }>({ firstKey: undefined, total: 0, pending: 0 });

  const items = useMemo(() => {
    const list: Item[] = [];
    let last = 0;
    const held = new Set<string>();
    for (const record of dialogue.records) {
      list.push({ key: record.client_msg_id ? `c${record.client_msg_id}` : `r${record.id}`, kind: 'record', record, time: record.created_at - last > TIME_GAP ? record.created_at : undefined });
      last = record.created_at;
      if (record.client_msg_id) held.add(record.client_msg_id);
    }
    for (const entry of pending) {
      // The stored record replaces its outbox entry under the same key, so the row keeps its place and size.
      if (held.has(entry.client_msg_id)) continue;
      list.push({ key: `c${entry.client_msg_id}`, kind: 'pending', entry, time: entry.created_at - last > TIME_GAP ? entry.created_at : undefined });
      last = entry.created_at;
    }
    return list;
  }, [dialogue.records, pending]);

  // TanStack Virtual returns functions React Compiler cannot memoise, so it leaves this component
  // uncompiled; nothing memoised is handed the virtualizer, so that is safe here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length + 1,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (index === 0 ? 40 : estimate(items[index - 1])),
    getItemKey: (index) => (index === 0 ? 'history' : items[index - 1].key),
    overscan: 6,
    paddingEnd: 12,
  });
  const total = virtualizer.getTotalSize();

  const loadOlder = useCallback(() => void chat.loadOlder(slot), [chat, slot]);

  // Where the view goes after a change: to the bottom while the user is there (or just sent
  // something), or back onto the message it showed before an older page was put above it.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const before = previous.current;
    const firstKey = items[0]?.key;
    const prepended = before.firstKey !== undefined && firstKey !== before.firstKey && items.some((item) => item.key === before.firstKey);
    if (pending.length > before.pending) atBottom.current = true;
    if (atBottom.current) element.scrollTop = element.scrollHeight;
    else if (prepended) element.scrollTop += total - before.total;
    previous.current = { firstKey, total, pending: pending.length };
  }, [items, total, pending.length]);

  // A short first page leaves nothing to scroll: the next page comes without waiting for a scroll.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && dialogue.hasOlder && dialogue.loadStatus !== LOADING && dialogue.loadStatus !== FAILED && element.scrollHeight <= element.clientHeight) loadOlder();
  }, [dialogue.hasOlder, dialogue.loadStatus, total, loadOlder]);

  const onScroll = () => {
    const element = scrollRef.current!;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE;
    if (bottom !== atBottom.current) {
      atBottom.current = bottom;
      chat.setAtBottom(slot, bottom);
    }
    if (element.scrollTop < LOAD_OLDER_AT && dialogue.hasOlder && dialogue.loadStatus !== LOADING && dialogue.loadStatus !== FAILED) loadOlder();
  };

  const toBottom = () => {
    atBottom.current = true;
    chat.setAtBottom(slot, true);
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  };

  const history = (): ReactNode => {
    if (dialogue.loadStatus === LOADING) return <Spin size="small" indicator={<LoadingOutlined />} />;
    if (dialogue.loadStatus === FAILED)
      return (
        <span>
          {t('chat.historyFailed')}
          <Button type="link" size="small" onClick={loadOlder}>
            {t('chat.retry')}
          </Button>
        </span>
      );
    if (dialogue.hasOlder)
      return (
        <Button type="link" size="small" onClick={loadOlder}>
          {t('chat.moreHistory')}
        </Button>
      );
    return dialogue.records.length > 0 ? t('chat.noMoreHistory') : t('chat.noMessages');
  };

  const group = dialogue.talk.talk_type === 2;
  const row = (item: Item): ReactNode => {
    if (item.kind === 'pending') {
      const { entry } = item;
      const status =
        entry.state === 'failed' ? (
          <RetryLinks onRetry={chat.retry} onDiscard={() => chat.discard(entry.client_msg_id)} />
        ) : (
          <span className="chat-sending">
            <LoadingOutlined /> {t('chat.sending')}
          </span>
        );
      return (
        <MessageBubble
          float="right"
          message={{ msg_type: entry.msg_type, content: entry.content, extra: entry.extra ?? {} }}
          nickname={me.name}
          avatar={me.avatar}
          time={item.time}
          showName={false}
          status={status}
        />
      );
    }
    const { record } = item;
    const float = messageFloat(record, me.id);
    const status =
      float === 'right' &&
      (record.is_read ? (
        <span className="chat-read">
          <CheckOutlined />
          <CheckOutlined className="chat-read-second" /> {t('chat.read')}
        </span>
      ) : (
        <span className="chat-sent">
          <CheckOutlined /> {t('chat.sent')}
        </span>
      ));
    const message: BubbleMessage = record;
    return (
      <MessageBubble
        float={float}
        message={message}
        nickname={record.nickname}
        avatar={float === 'right' ? me.avatar : record.avatar}
        robot={dialogue.is_robot}
        time={item.time}
        showName={group && float === 'left'}
        status={status || undefined}
      />
    );
  };

  return (
    <div className="chat-history">
      <div ref={scrollRef} className="chat-scroll" onScroll={onScroll} data-testid="chat-history">
        <div className="chat-scroll-inner" style={{ height: total }}>
          {virtualizer.getVirtualItems().map((virtual) => (
            <div
              key={virtual.key}
              data-index={virtual.index}
              ref={virtualizer.measureElement}
              className="chat-scroll-row"
              style={{ transform: `translateY(${virtual.start}px)` }}
            >
              {virtual.index === 0 ? <div className="chat-history-status">{history()}</div> : row(items[virtual.index - 1])}
            </div>
          ))}
        </div>
      </div>
      {dialogue.unreadBubble > 0 && (
        <Button className="chat-new-bubble" type="primary" shape="round" size="small" icon={<ArrowDownOutlined />} onClick={toBottom}>
          {t('chat.newMessages', { count: dialogue.unreadBubble })}
        </Button>
      )}
    </div>
  );
}
