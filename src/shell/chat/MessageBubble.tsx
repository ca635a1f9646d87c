import { memo, type ReactNode } from 'react';
import { Avatar, Button, Image, Typography } from 'antd';
import { CopyOutlined, FileOutlined, RobotOutlined } from '@ant-design/icons';
import { MSG_CODE, MSG_FILE, MSG_IMAGE, type MessageExtra } from '../../contract/api/chat';
import { useI18n } from '../i18n/I18nProvider';
import { formatRelativeTime } from '../utils/relative-time';
import type { Float } from './records';

/** Pictures are drawn inside this box, at their own proportions. */
export const IMAGE_BOX = 220;

/** The size an image message takes on screen (also what the list reserves before it loads). */
export function imageBox(extra: MessageExtra): { width: number; height: number } {
  const { width = IMAGE_BOX, height = IMAGE_BOX * 0.75 } = extra;
  const scale = Math.min(1, IMAGE_BOX / Math.max(width, height, 1));
  return { width: Math.max(40, Math.round(width * scale)), height: Math.max(40, Math.round(height * scale)) };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Text with its web addresses made into links that open in a new tab. */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** The code language of plain text, which the header names simply "code". */
export const PLAIN_CODE = 'text';

function CodeBlock({ code, lang }: { code: string; lang?: string }) {
  const { t } = useI18n();
  return (
    <div className="chat-code">
      <div className="chat-code-head">
        <span>{lang && lang !== PLAIN_CODE ? lang : t('chat.code')}</span>
        <Typography.Text copyable={{ text: code, icon: <CopyOutlined />, tooltips: [t('chat.copy'), t('chat.copied')] }} />
      </div>
      <pre>
        <code>{code}</code>
      </pre>
    </div>
  );
}

export interface BubbleMessage {
  msg_type: number;
  content: string;
  extra: MessageExtra;
}

/** What a message shows inside its bubble: text, picture, file card or code. */
function Content({ message }: { message: BubbleMessage }) {
  const { t } = useI18n();
  const { extra } = message;
  if (message.msg_type === MSG_IMAGE && extra.url) {
    const box = imageBox(extra);
    return <Image src={extra.url} width={box.width} height={box.height} alt={extra.name ?? t('chat.preview.image')} className="chat-image" />;
  }
  if (message.msg_type === MSG_FILE && extra.url) {
    return (
      <a className="chat-file" href={extra.url} download={extra.name} target="_blank" rel="noopener noreferrer">
        <FileOutlined className="chat-file-icon" />
        <span className="chat-file-name">{extra.name ?? message.content}</span>
        <span className="chat-file-size">{extra.size !== undefined ? formatBytes(extra.size) : ''}</span>
      </a>
    );
  }
  if (message.msg_type === MSG_CODE) return <CodeBlock code={message.content} lang={extra.lang} />;
  return (
    <span className="chat-text">
      <TextWithLinks text={message.content} />
    </span>
  );
}

export interface MessageBubbleProps {
  float: Float;
  message: BubbleMessage;
  nickname: string;
  avatar: string;
  robot?: boolean;
  /** Shown above the message when it starts a new stretch of time. */
  time?: number;
  /** The author's name above the bubble (groups). */
  showName: boolean;
  /** Own messages: sending, sent, read, failed. */
  status?: ReactNode;
}

/** One message: right for the user's own, left for others', centre for the system's (spec §3 float). */
export const MessageBubble = memo(function MessageBubble({ float, message, nickname, avatar, robot, time, showName, status }: MessageBubbleProps) {
  const { lang } = useI18n();
  const stamp = time !== undefined && <div className="chat-msg-time">{formatRelativeTime(time, { lang })}</div>;
  if (float === 'center') {
    return (
      <div className="chat-row">
        {stamp}
        <div className="chat-msg chat-msg--center">
          <span className="chat-system">{message.content}</span>
        </div>
      </div>
    );
  }
  return (
    <div className="chat-row">
      {stamp}
      <div className={`chat-msg chat-msg--${float}`}>
        <Avatar className="chat-msg-avatar" size={36} src={avatar || undefined} icon={robot && float === 'left' ? <RobotOutlined /> : undefined}>
          {nickname.slice(0, 1)}
        </Avatar>
        <div className="chat-msg-body">
          {showName && <div className="chat-msg-name">{nickname}</div>}
          <div className={`chat-bubble chat-bubble--${message.msg_type === MSG_IMAGE ? 'image' : message.msg_type === MSG_CODE ? 'code' : 'text'}`}>
            <Content message={message} />
          </div>
          {status && <div className="chat-msg-status">{status}</div>}
        </div>
      </div>
    </div>
  );
});

export function RetryLinks({ onRetry, onDiscard }: { onRetry: () => void; onDiscard: () => void }) {
  const { t } = useI18n();
  return (
    <span className="chat-failed">
      {t('chat.failed')}
      <Button type="link" size="small" onClick={onRetry}>
        {t('chat.retry')}
      </Button>
      <Button type="link" size="small" danger onClick={onDiscard}>
        {t('chat.discard')}
      </Button>
    </span>
  );
}
