import { memo, useMemo, useState } from 'react';
import { App as AntApp, Avatar, Badge, Button, Dropdown, Empty, Input, Result, Spin, Typography, type MenuProps } from 'antd';
import {
  DeleteOutlined, EllipsisOutlined, MutedOutlined, PlusOutlined, PushpinFilled, PushpinOutlined, RobotOutlined, SearchOutlined, SoundOutlined,
  TeamOutlined, UserAddOutlined, UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ChatSession } from '../../contract/api/chat';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { formatRelativeTime } from '../utils/relative-time';
import type { ChatController } from './chat-store';
import { FAILED, LOADING } from './chat-state';
import { contactOfSession } from './dialogues';
import { NewChatDialog, NewGroupDialog } from './ContactDialogs';

const SessionItem = memo(function SessionItem({
  session,
  active,
  chat,
}: {
  session: ChatSession;
  active: boolean;
  chat: ChatController;
}) {
  const { t, lang } = useI18n();
  const { modal } = AntApp.useApp();
  const muted = session.is_disturb === 1;
  const draft = !active && session.draft_text;
  const items: MenuProps['items'] = [
    {
      key: 'top',
      icon: session.is_top ? <PushpinFilled /> : <PushpinOutlined />,
      label: session.is_top ? t('chat.unpin') : t('chat.pin'),
      onClick: () => void chat.setTop(session, !session.is_top),
    },
    {
      key: 'mute',
      icon: muted ? <SoundOutlined /> : <MutedOutlined />,
      label: muted ? t('chat.unmute') : t('chat.mute'),
      onClick: () => void chat.setMuted(session, !muted),
    },
    { type: 'divider' },
    {
      key: 'delete',
      icon: <DeleteOutlined />,
      danger: true,
      label: t('chat.deleteSession'),
      onClick: () =>
        modal.confirm({
          title: t('chat.deleteSession'),
          content: t('chat.deleteSessionHint', { name: session.remark || session.name }),
          okButtonProps: { danger: true },
          onOk: () => chat.deleteSession(session),
        }),
    },
  ];
  return (
    <div
      className={`chat-session${active ? ' chat-session--active' : ''}${session.is_top ? ' chat-session--top' : ''}`}
      role="button"
      tabIndex={0}
      data-testid={`chat-session-${session.index_name}`}
      onClick={() => chat.choose('panel', contactOfSession(session))}
      onKeyDown={(event) => event.key === 'Enter' && chat.choose('panel', contactOfSession(session))}
    >
      <Badge count={session.un_read_num} dot={muted} size="small" overflowCount={99}>
        <Badge dot={session.talk_type === 1 && session.is_online === 1} color="green" offset={[-4, 30]}>
          <Avatar shape="square" size={40} src={session.avatar || undefined} icon={session.talk_type === 2 ? <TeamOutlined /> : session.is_robot ? <RobotOutlined /> : undefined}>
            {(session.remark || session.name).slice(0, 1)}
          </Avatar>
        </Badge>
      </Badge>
      <div className="chat-session-main">
        <div className="chat-session-line">
          <Typography.Text strong ellipsis className="chat-session-name">
            {session.remark || session.name}
          </Typography.Text>
          <Typography.Text type="secondary" className="chat-session-time">
            {session.updated_at ? formatRelativeTime(session.updated_at, { lang }) : ''}
          </Typography.Text>
        </div>
        <div className="chat-session-line">
          <Typography.Text type="secondary" ellipsis className="chat-session-preview">
            {draft ? (
              <>
                <span className="chat-session-draft">{t('chat.draftLabel')}</span>
                {session.draft_text}
              </>
            ) : (
              session.msg_text
            )}
          </Typography.Text>
          {muted && <MutedOutlined className="chat-session-muted" aria-label={t('chat.muted')} />}
          <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
            <Button
              type="text"
              size="small"
              className="chat-session-more"
              icon={<EllipsisOutlined />}
              aria-label={t('chat.sessionActions')}
              title={t('chat.sessionActions')}
              onClick={(event) => event.stopPropagation()}
              onKeyDown={(event) => event.stopPropagation()}
            />
          </Dropdown>
        </div>
      </div>
    </div>
  );
});

/** The session list: search, new chat and new group, and every session with its unread count. */
export function SessionList({ chat, activeIndex }: { chat: ChatController; activeIndex: string | undefined }) {
  const { t } = useI18n();
  const { sessions, loadStatus, socket } = useStore(chat.state);
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<'chat' | 'group' | null>(null);
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return sessions;
    return sessions.filter((s) => `${s.remark} ${s.name}`.toLowerCase().includes(needle));
  }, [sessions, query]);
  const create: MenuProps['items'] = [
    { key: 'chat', icon: <UserAddOutlined />, label: t('chat.newChat'), onClick: () => setDialog('chat') },
    { key: 'group', icon: <UsergroupAddOutlined />, label: t('chat.newGroup'), onClick: () => setDialog('group') },
  ];

  let body;
  if (loadStatus === LOADING && sessions.length === 0) body = <Spin className="chat-center" description={t('chat.loading')} />;
  else if (loadStatus === FAILED)
    body = (
      <Result
        status="warning"
        title={t('chat.loadFailed')}
        extra={<Button onClick={() => void chat.loadSessions()}>{t('chat.retry')}</Button>}
      />
    );
  else if (shown.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query ? t('chat.noMatch') : t('chat.noSessions')} />;
  else body = shown.map((s) => <SessionItem key={s.index_name} session={s} chat={chat} active={s.index_name === activeIndex} />);

  return (
    <aside className="chat-sessions">
      <div className="chat-sessions-head">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('chat.search')}
          aria-label={t('chat.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <Dropdown menu={{ items: create }} trigger={['click']} placement="bottomRight">
          <Button icon={<PlusOutlined />} aria-label={t('chat.create')} title={t('chat.create')} data-testid="chat-create" />
        </Dropdown>
      </div>
      {socket !== 'open' && socket !== 'stopped' && (
        <div className="chat-connection" role="status">
          {t(socket === 'unauthorized' ? 'chat.socketRefused' : socket === 'connecting' ? 'chat.connecting' : 'chat.reconnecting')}
        </div>
      )}
      <div className="chat-session-list" data-testid="chat-session-list">
        {body}
      </div>
      <NewChatDialog chat={chat} open={dialog === 'chat'} onClose={() => setDialog(null)} />
      <NewGroupDialog chat={chat} open={dialog === 'group'} onClose={() => setDialog(null)} />
    </aside>
  );
}
