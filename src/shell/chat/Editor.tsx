import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { App as AntApp, Button, Image, Input, Modal, Select, Space, Tooltip, Upload } from 'antd';
import { CodeOutlined, FolderOpenOutlined, PictureOutlined, SendOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { CHAT_FILE_EXTENSIONS, MSG_CODE, MSG_TEXT, TEXT_MAX, type TalkType } from '../../contract/api/chat';
import { useI18n } from '../i18n/I18nProvider';
import { pasteStore, usePasteHolder, type PastedFile } from '../utils/paste-holder';
import type { ChatController } from './chat-store';
import { uploadForMessage } from './upload';
import { PLAIN_CODE } from './MessageBubble';

/** What the file picker offers: pictures and the kinds of file the server takes. */
const FILE_ACCEPT = ['image/*', ...CHAT_FILE_EXTENSIONS.map((extension) => `.${extension}`)].join(',');

const CODE_LANGUAGES = [PLAIN_CODE, 'javascript', 'typescript', 'json', 'sql', 'python', 'java', 'go', 'html', 'css', 'shell'];

/** Sends pictures and files: each is uploaded, then goes out as an image or file message. */
function useAttachments(chat: ChatController, talk: { talk_type: TalkType; receiver_id: number }) {
  const { message } = AntApp.useApp();
  const { t } = useI18n();
  const [uploading, setUploading] = useState(0);
  return {
    uploading: uploading > 0,
    async send(files: File[]) {
      setUploading((n) => n + files.length);
      for (const file of files) {
        try {
          const { msg_type, content, extra } = await uploadForMessage(file);
          chat.send(talk, msg_type, content, extra);
        } catch (error) {
          void message.error(t('chat.uploadFailed', { name: file.name, reason: error instanceof Error ? error.message : '' }));
        } finally {
          setUploading((n) => n - 1);
        }
      }
    },
  };
}

function CodeDialog({ open, onSend, onClose }: { open: boolean; onSend: (code: string, lang: string) => void; onClose: () => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [lang, setLang] = useState(PLAIN_CODE);
  return (
    <Modal
      title={t('chat.sendCode')}
      open={open}
      onCancel={onClose}
      okText={t('chat.send')}
      okButtonProps={{ disabled: !code.trim() }}
      onOk={() => {
        onSend(code, lang);
        setCode('');
        onClose();
      }}
      width={640}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select value={lang} onChange={setLang} options={CODE_LANGUAGES.map((value) => ({ value, label: value }))} style={{ width: 180 }} aria-label={t('chat.codeLanguage')} />
        <Input.TextArea
          className="chat-code-input"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoSize={{ minRows: 8, maxRows: 20 }}
          maxLength={TEXT_MAX}
          spellCheck={false}
          aria-label={t('chat.code')}
        />
      </Space>
    </Modal>
  );
}

/**
 * The message editor: Enter sends, Shift+Enter starts a new line, the text left in it is the
 * session's draft, typing tells the other side (throttled), and pictures pasted while it has the
 * focus (collected by the paste holder) are offered for sending.
 */
export function Editor({ chat, talk, draft }: { chat: ChatController; talk: { talk_type: TalkType; receiver_id: number }; draft: string }) {
  const { t } = useI18n();
  const [text, setText] = useState(draft);
  const [codeOpen, setCodeOpen] = useState(false);
  const [pasted, setPasted] = useState<PastedFile[]>([]);
  const area = useRef<TextAreaRef>(null);
  const box = useRef<HTMLDivElement>(null);
  const attachments = useAttachments(chat, talk);
  // The holder hears every paste on the page while an editor is mounted; only one into this editor counts.
  const { pastedAt } = usePasteHolder();
  const lastPaste = useRef(pastedAt);
  useEffect(
    () =>
      pasteStore.subscribe((paste) => {
        if (paste.pastedAt === lastPaste.current) return;
        lastPaste.current = paste.pastedAt;
        if (!box.current?.contains(document.activeElement)) return;
        const images = paste.files.filter((file) => file.file.type.startsWith('image/'));
        if (images.length > 0) setPasted(images);
      }),
    [],
  );

  function submit() {
    const content = text.trim();
    if (!content) return;
    chat.send(talk, MSG_TEXT, content);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing picks a candidate; it must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <div className="chat-editor" ref={box}>
      <div className="chat-editor-tools">
        <Upload accept="image/*" multiple showUploadList={false} beforeUpload={(file) => (void attachments.send([file]), false)}>
          <Tooltip title={t('chat.sendImage')}>
            <Button type="text" icon={<PictureOutlined />} aria-label={t('chat.sendImage')} loading={attachments.uploading} />
          </Tooltip>
        </Upload>
        <Upload accept={FILE_ACCEPT} multiple showUploadList={false} beforeUpload={(file) => (void attachments.send([file]), false)}>
          <Tooltip title={t('chat.sendFile')}>
            <Button type="text" icon={<FolderOpenOutlined />} aria-label={t('chat.sendFile')} />
          </Tooltip>
        </Upload>
        <Tooltip title={t('chat.sendCode')}>
          <Button type="text" icon={<CodeOutlined />} aria-label={t('chat.sendCode')} onClick={() => setCodeOpen(true)} />
        </Tooltip>
      </div>
      <Input.TextArea
        ref={area}
        className="chat-editor-input"
        variant="borderless"
        value={text}
        maxLength={TEXT_MAX}
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={t('chat.editorPlaceholder')}
        aria-label={t('chat.editorPlaceholder')}
        data-testid="chat-editor"
        onChange={(event) => {
          setText(event.target.value);
          chat.setDraft(talk, event.target.value);
          if (event.target.value) chat.typing(talk);
        }}
        onKeyDown={onKeyDown}
      />
      <div className="chat-editor-foot">
        <span className="chat-editor-hint">{t('chat.editorHint')}</span>
        <Button type="primary" icon={<SendOutlined />} disabled={!text.trim()} onClick={submit} data-testid="chat-send">
          {t('chat.send')}
        </Button>
      </div>
      <CodeDialog open={codeOpen} onClose={() => setCodeOpen(false)} onSend={(code, lang) => chat.send(talk, MSG_CODE, code, { lang })} />
      <Modal
        title={t('chat.sendPasted', { count: pasted.length })}
        open={pasted.length > 0}
        okText={t('chat.send')}
        onCancel={() => setPasted([])}
        onOk={() => {
          void attachments.send(pasted.map((p) => p.file));
          setPasted([]);
          area.current?.focus();
        }}
      >
        <div className="chat-pasted">
          {pasted.map((p) => (
            <Image key={p.url} src={p.url} width={120} height={120} className="chat-pasted-image" preview={false} />
          ))}
        </div>
      </Modal>
    </div>
  );
}
