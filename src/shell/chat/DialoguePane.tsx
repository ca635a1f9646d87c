import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, Avatar, Button, Popover, Spin, Tag, Typography } from 'antd';
import { LeftOutlined, LogoutOutlined, RobotOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import type { ChatSession, GroupMembers } from '../../contract/api/chat';
import { useStore } from '../store';
import { sessionStore } from '../auth/session';
import { useI18n } from '../i18n/I18nProvider';
import { chatApi } from './api';
import type { ChatController } from './chat-store';
import type { DialogueSlot, DialogueState } from './dialogues';
import { Editor } from './Editor';
import { MessageList, type Me } from './MessageList';
import { InviteDialog } from './ContactDialogs';

/** A group's members, with invite and leave. */
function GroupMembersButton({ chat, session, onLeft }: { chat: ChatController; session: ChatSession; onLeft: () => void }) {
  const groupId = session.receiver_id;
  const { t } = useI18n();
  const { modal } = AntApp.useApp();
  const [members, setMembers] = useState<GroupMembers | null>(null);
  const [inviting, setInviting] = useState(false);
  const load = () => chatApi.members(groupId).then(setMembers).catch(() => undefined);
  const content = (
    <div className="chat-members">
      <Spin spinning={!members}>
        <ul className="chat-members-list">
          {members?.rows.map((member) => (
            <li key={member.user_id}>
              <Avatar size="small" src={member.avatar || undefined}>
                {member.name.slice(0, 1)}
              </Avatar>
              <span className="chat-member-name">{member.name}</span>
              {member.is_owner === 1 && <Tag>{t('chat.owner')}</Tag>}
              {member.is_online === 1 && <Tag color="green">{t('chat.online')}</Tag>}
            </li>
          ))}
        </ul>
      </Spin>
      <div className="chat-members-actions">
        <Button size="small" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          {t('chat.invite')}
        </Button>
        <Button
          size="small"
          danger
          icon={<LogoutOutlined />}
          onClick={() =>
            modal.confirm({
              title: t('chat.leaveGroup'),
              content: t('chat.leaveGroupHint', { name: session.name }),
              okButtonProps: { danger: true },
              onOk: async () => {
                await chat.leaveGroup(session);
                onLeft();
              },
            })
          }
        >
          {t('chat.leaveGroup')}
        </Button>
      </div>
    </div>
  );
  return (
    <>
      <Popover content={content} title={members ? t('chat.memberCount', { count: members.rows.length }) : t('chat.members')} trigger="click" placement="bottomRight" onOpenChange={(open) => open && void load()}>
        <Button type="text" icon={<TeamOutlined />} aria-label={t('chat.members')} title={t('chat.members')} />
      </Popover>
      <InviteDialog
        open={inviting}
        exclude={members?.rows.map((m) => m.user_id) ?? []}
        onClose={() => setInviting(false)}
        onInvite={async (ids) => {
          setMembers(await chatApi.invite({ group_id: groupId, member_ids: ids }));
        }}
      />
    </>
  );
}

/**
 * One dialogue (spec §4): the header with the name, online flag and typing indicator, the history,
 * and the editor when the contact takes input. `visible` says whether the user can see it now;
 * only then are messages marked read.
 */
export function DialoguePane({
  chat,
  slot,
  dialogue,
  visible,
  onBack,
}: {
  chat: ChatController;
  slot: DialogueSlot;
  dialogue: DialogueState;
  visible: boolean;
  /** Back to the session list, where the two do not fit side by side (a phone). */
  onBack?: () => void;
}) {
  const { t } = useI18n();
  const signedIn = useStore(sessionStore);
  const { outbox, typing, sessions } = useStore(chat.state);
  const { talk, index_name } = dialogue;
  const pending = useMemo(
    () => outbox.filter((e) => e.talk_type === talk.talk_type && e.receiver_id === talk.receiver_id).sort((a, b) => a.created_at - b.created_at),
    [outbox, talk.talk_type, talk.receiver_id],
  );
  const session = sessions.find((s) => s.index_name === index_name);
  const draft = session?.draft_text ?? '';
  const me: Me = useMemo(
    () => ({ id: chat.me, name: signedIn?.user_info.name ?? '', avatar: signedIn?.user_info.logo ?? '' }),
    [chat.me, signedIn?.user_info.name, signedIn?.user_info.logo],
  );

  useEffect(() => {
    if (!visible) return;
    chat.setVisible(slot, true);
    // A tab coming back to the front may have new messages on screen to mark read.
    const onVisibility = () => document.visibilityState === 'visible' && chat.setVisible(slot, true);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      chat.setVisible(slot, false);
    };
  }, [chat, slot, visible, index_name]);

  const typist = typing[index_name];
  let typingText: string | null = null;
  if (typist) {
    const nickname = talk.talk_type === 2 ? dialogue.records.findLast((r) => r.send_id === typist.sender_id)?.nickname : undefined;
    typingText = nickname ? t('chat.typingNamed', { name: nickname }) : t('chat.typing');
  }

  return (
    <section className="chat-dialogue" data-testid="chat-dialogue">
      <header className="chat-dialogue-head">
        <div className="chat-dialogue-title">
          {onBack && <Button type="text" className="chat-back" icon={<LeftOutlined />} aria-label={t('chat.back')} title={t('chat.back')} onClick={onBack} />}
          <Typography.Text strong className="chat-dialogue-name" data-testid="chat-dialogue-name">
            {talk.username}
          </Typography.Text>
          {dialogue.is_robot ? (
            <Tag icon={<RobotOutlined />} color="blue">
              {t('chat.robot')}
            </Tag>
          ) : (
            talk.talk_type === 1 && (
              <span className={`chat-online${dialogue.online ? ' chat-online--on' : ''}`} data-testid="chat-online">
                {dialogue.online ? t('chat.online') : t('chat.offline')}
              </span>
            )
          )}
          {typingText && (
            <span className="chat-typing" data-testid="chat-typing">
              {typingText}
            </span>
          )}
        </div>
        {talk.talk_type === 2 && session && <GroupMembersButton chat={chat} session={session} onLeft={() => chat.closeDialogue(slot)} />}
      </header>
      <MessageList chat={chat} slot={slot} dialogue={dialogue} pending={pending} me={me} />
      {dialogue.isShowEditor ? (
        <Editor key={index_name} chat={chat} talk={{ talk_type: talk.talk_type, receiver_id: talk.receiver_id }} draft={draft} />
      ) : (
        <div className="chat-editor-off">{t('chat.noInput')}</div>
      )}
    </section>
  );
}
