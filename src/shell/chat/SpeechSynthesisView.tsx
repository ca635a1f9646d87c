import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Select, Slider, Space, Spin, Typography } from 'antd';
import { PlayCircleOutlined, SoundOutlined, StopOutlined } from '@ant-design/icons';
import { MSG_IMAGE, indexName, type ChatRecord, type TalkType } from '../../contract/api/chat';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import type { Language } from '../i18n/types';
import { formatRelativeTime } from '../utils/relative-time';
import { previewKey } from './records';
import { useChat } from './runtime';
import { useChatColours } from './colours';
import type { ChatController } from './chat-store';
import './chat.css';

const RATES = { min: 0.5, max: 2, step: 0.1 };
const SPEECH_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' };

function speechApi(): SpeechSynthesis | null {
  return typeof globalThis.speechSynthesis === 'object' && typeof globalThis.SpeechSynthesisUtterance === 'function' ? globalThis.speechSynthesis : null;
}

/** The browser's voices; they may arrive after the page loads (Chromium fills the list late). */
function useVoices(speech: SpeechSynthesis | null): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => speech?.getVoices() ?? []);
  useEffect(() => {
    if (!speech) return;
    const update = () => setVoices(speech.getVoices());
    speech.addEventListener('voiceschanged', update);
    return () => speech.removeEventListener('voiceschanged', update);
  }, [speech]);
  return voices;
}

type Talk = { talk_type: TalkType; receiver_id: number };

/** A conversation's records, newest page first, with older pages on demand; `open` switches conversation. */
function useConversationRecords(chat: ChatController) {
  const [talk, setTalk] = useState<Talk | null>(null);
  const [records, setRecords] = useState<ChatRecord[]>([]);
  const [cursor, setCursor] = useState(0);
  const [loading, setLoading] = useState(false);
  const latest = useRef<Talk | null>(null);
  async function load(of: Talk, from: number) {
    setLoading(true);
    try {
      const page = await chat.recordsPage(of, from);
      // An answer for a conversation the user has left since is dropped.
      if (latest.current !== of) return;
      setRecords((held) => (from === 0 ? page.rows : [...page.rows, ...held]));
      setCursor(page.record_id);
    } finally {
      if (latest.current === of) setLoading(false);
    }
  }
  return {
    talk,
    records,
    loading,
    hasOlder: cursor > 0,
    open(next: Talk) {
      latest.current = next;
      setTalk(next);
      setRecords([]);
      setCursor(0);
      void load(next, 0);
    },
    loadOlder: () => talk && void load(talk, cursor),
  };
}

/**
 * The "speech synthesis" view (vue_path chat/speech): the messages of a chosen conversation, read
 * aloud by the browser's speech API with a chosen voice and rate, one message or all from one on.
 * A browser without the API still lists the messages and says why it cannot read them.
 */
export default function SpeechSynthesisView() {
  const chat = useChat();
  return chat ? <SpeechPanel chat={chat} /> : <Spin className="chat-center" />;
}

function SpeechPanel({ chat }: { chat: ChatController }) {
  const { t, lang } = useI18n();
  const speech = speechApi();
  const colours = useChatColours();
  const voices = useVoices(speech);
  const { sessions } = useStore(chat.state);
  const [voiceName, setVoiceName] = useState<string>();
  const [rate, setRate] = useState(1);
  const [speaking, setSpeaking] = useState<number | null>(null);
  const { talk, records, loading, hasOlder, loadOlder, open } = useConversationRecords(chat);
  const queue = useRef(0);

  const voice = voices.find((v) => v.name === voiceName) ?? voices.find((v) => v.lang.startsWith(SPEECH_LANG[lang].slice(0, 2))) ?? voices[0];

  const stop = useCallback(() => {
    queue.current += 1;
    speech?.cancel();
    setSpeaking(null);
  }, [speech]);
  // Leaving the view (or the conversation) stops reading.
  useEffect(() => stop, [stop, talk]);

  /** What a message says: its text, or what it is (a picture, a file). */
  const bodyOf = (record: ChatRecord) => {
    const key = previewKey(record.msg_type);
    return key ? t(key, { name: record.extra.name ?? record.content }) : record.content;
  };
  /** What is read aloud: who said it, then what. */
  const spokenOf = (record: ChatRecord) => (record.send_id > 0 ? t('chat.speech.says', { name: record.nickname, text: bodyOf(record) }) : bodyOf(record));

  function readFrom(start: number) {
    if (!speech) return;
    stop();
    const mine = queue.current;
    const list = records.slice(start).filter((r) => r.msg_type !== MSG_IMAGE);
    list.forEach((record, i) => {
      const utterance = new SpeechSynthesisUtterance(spokenOf(record));
      utterance.rate = rate;
      utterance.lang = voice?.lang ?? SPEECH_LANG[lang];
      if (voice) utterance.voice = voice;
      utterance.onstart = () => mine === queue.current && setSpeaking(record.id);
      utterance.onend = utterance.onerror = () => mine === queue.current && i === list.length - 1 && setSpeaking(null);
      speech.speak(utterance);
    });
  }

  return (
    <Card title={t('chat.speech.title')} className="chat-speech" style={colours} data-testid="chat-speech">
      {!speech && <Alert type="warning" showIcon title={t('chat.speech.unsupported')} className="chat-speech-alert" />}
      <Space wrap className="chat-speech-tools">
        <Select
          value={talk ? indexName(talk.talk_type, talk.receiver_id) : undefined}
          onChange={(value: string) => {
            const session = sessions.find((s) => s.index_name === value);
            if (session) open({ talk_type: session.talk_type, receiver_id: session.receiver_id });
          }}
          placeholder={t('chat.speech.pickConversation')}
          aria-label={t('chat.speech.pickConversation')}
          options={sessions.map((s) => ({ value: s.index_name, label: s.remark || s.name }))}
          style={{ width: 220 }}
          showSearch={{ optionFilterProp: 'label' }}
        />
        <Select
          value={voice?.name}
          onChange={setVoiceName}
          disabled={!speech || voices.length === 0}
          placeholder={t('chat.speech.voice')}
          aria-label={t('chat.speech.voice')}
          options={voices.map((v) => ({ value: v.name, label: `${v.name} (${v.lang})` }))}
          style={{ width: 260 }}
        />
        <span className="chat-speech-rate">
          {t('chat.speech.rate')}
          <Slider {...RATES} value={rate} onChange={setRate} disabled={!speech} style={{ width: 140 }} ariaLabelForHandle={t('chat.speech.rate')} />
          <span>{rate.toFixed(1)}×</span>
        </span>
        <Button type="primary" icon={<PlayCircleOutlined />} disabled={!speech || records.length === 0} onClick={() => readFrom(0)}>
          {t('chat.speech.playAll')}
        </Button>
        <Button icon={<StopOutlined />} disabled={!speech || speaking === null} onClick={stop}>
          {t('chat.speech.stop')}
        </Button>
      </Space>
      {talk ? (
        <Spin spinning={loading}>
          {hasOlder && (
            <Button type="link" onClick={loadOlder}>
              {t('chat.moreHistory')}
            </Button>
          )}
          {records.length === 0 && !loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noMessages')} />
          ) : (
            <ol className="chat-speech-list">
              {records.map((record, index) => (
                <li key={record.id} className={speaking === record.id ? 'chat-speech-item chat-speech-item--on' : 'chat-speech-item'}>
                  <div className="chat-speech-main">
                    <Space size={8}>
                      <Typography.Text strong>{record.send_id > 0 ? record.nickname : t('chat.system')}</Typography.Text>
                      <Typography.Text type="secondary" className="chat-speech-time">
                        {formatRelativeTime(record.created_at, { lang })}
                      </Typography.Text>
                    </Space>
                    <Typography.Text type="secondary" className="chat-speech-text">
                      {bodyOf(record)}
                    </Typography.Text>
                  </div>
                  <Button
                    type="text"
                    icon={<SoundOutlined />}
                    disabled={!speech || record.msg_type === MSG_IMAGE}
                    aria-label={t('chat.speech.readFromHere')}
                    title={t('chat.speech.readFromHere')}
                    onClick={() => readFrom(index)}
                  />
                </li>
              ))}
            </ol>
          )}
        </Spin>
      ) : (
        <Empty description={t('chat.speech.pickHint')} />
      )}
    </Card>
  );
}
