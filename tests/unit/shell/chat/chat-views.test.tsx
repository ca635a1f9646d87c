import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nProvider } from '../../../../src/shell/i18n/I18nProvider';
import ChatAssistantView from '../../../../src/shell/chat/ChatAssistantView';
import SpeechSynthesisView from '../../../../src/shell/chat/SpeechSynthesisView';
import { NATIVE_VIEWS } from '../../../../src/shell/app/native-views';
import { chatStore } from '../../../../src/shell/chat/runtime';
import type { ChatController } from '../../../../src/shell/chat/chat-store';
import { LOADED } from '../../../../src/shell/chat/chat-state';
import { sessionStore } from '../../../../src/shell/auth/session';
import { FakeWebSocket } from './fake-websocket';
import { chatOverFakeSocket } from './test-chat';
import { MockChatServer } from './mock-chat-server';
import { session } from './fixtures';

const ME = 1;
const UI_TIMEOUT = 20_000;
let server: MockChatServer;
let chat: ChatController;

const renderView = (node: React.ReactNode) =>
  render(
    <I18nProvider>
      <AntApp>{node}</AntApp>
    </I18nProvider>,
  );

async function startChat() {
  chat = chatOverFakeSocket({ id: ME, name: '王小美' });
  chat.start();
  await waitFor(() => expect(chat.state.get().loadStatus).toBe(LOADED));
  chatStore.set(chat);
}

/** A speech engine that records what it was asked to say and says it at once. */
class FakeSpeech extends EventTarget {
  spoken: { text: string; rate: number; voice: string | undefined }[] = [];
  cancelled = 0;
  getVoices = () => [
    { name: 'Ting-Ting', lang: 'zh-CN' },
    { name: 'Samantha', lang: 'en-US' },
  ];
  speak(utterance: SpeechSynthesisUtterance & { onstart?: () => void; onend?: () => void }) {
    this.spoken.push({ text: utterance.text, rate: utterance.rate, voice: utterance.voice?.name });
    utterance.onstart?.();
  }
  cancel() {
    this.cancelled += 1;
  }
}

class FakeUtterance {
  rate = 1;
  lang = '';
  voice: { name: string } | null = null;
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly text: string) {}
}

beforeEach(() => {
  FakeWebSocket.reset();
  server = new MockChatServer(ME);
  sessionStore.set({
    user_info: { id: ME, name: '王小美', logo: '/avatar.svg' },
    role: [],
    role_type: [],
    permission: [],
    team: { id: 2, name: '华南采购一部', type: 1 },
    menu: [],
  });
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});
afterEach(() => {
  chat?.stop();
  chatStore.set(null);
  sessionStore.set(null);
  vi.unstubAllGlobals();
});

describe('the chat menu views', { timeout: UI_TIMEOUT }, () => {
  it('are listed under the vue_paths of the menu seed', () => {
    expect(NATIVE_VIEWS['chat/assistant']).toBeTruthy();
    expect(NATIVE_VIEWS['chat/speech']).toBeTruthy();
  });

  it('opens the dialogue with the assistant robot, editor and robot tag included', async () => {
    server.assistant = session(9, { name: '智能助手', is_robot: 1, is_talk: 1, is_online: 1 });
    server.store(1, 9, 9, { content: '您好，我是智能助手。' });
    await startChat();
    renderView(<ChatAssistantView />);
    const view = await screen.findByTestId('chat-assistant');
    expect(within(view).getByTestId('chat-dialogue-name').textContent).toBe('智能助手');
    expect(within(view).getByText('机器人')).toBeTruthy();
    expect(within(view).getByTestId('chat-editor')).toBeTruthy();
    expect(server.called('/talk/session/assistant')).toHaveLength(1);
  });

  it('says so when no assistant is configured', async () => {
    await startChat();
    renderView(<ChatAssistantView />);
    expect(await screen.findByText('智能助手暂不可用，请联系管理员')).toBeTruthy();
  });

  it('reads the chosen conversation aloud with the chosen rate, and stops', async () => {
    const speech = new FakeSpeech();
    vi.stubGlobal('speechSynthesis', speech);
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
    server.addSession(session(3, { name: '李报价' }));
    server.store(1, 3, ME, { content: '今天能报价吗？', nickname: '王小美' });
    server.store(1, 3, 3, { content: '可以', nickname: '李报价' });
    server.store(1, 3, 3, { msg_type: 2, content: '', extra: { url: '/uploads/chat/1.png', name: 'a.png' }, nickname: '李报价' });
    await startChat();
    renderView(<SpeechSynthesisView />);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '选择会话' }));
    fireEvent.click(await screen.findByTitle('李报价'));
    await screen.findByText('可以');
    expect(screen.getByText('[图片]')).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('slider', { name: '语速' }), { key: 'ArrowRight', keyCode: 39, which: 39 });
    fireEvent.click(screen.getByRole('button', { name: /全部朗读/ }));
    // Pictures are not read; each message says who wrote it.
    expect(speech.spoken).toEqual([
      { text: '王小美说：今天能报价吗？', rate: 1.1, voice: 'Ting-Ting' },
      { text: '李报价说：可以', rate: 1.1, voice: 'Ting-Ting' },
    ]);
    const stop = screen.getByRole('button', { name: /停止/ });
    await waitFor(() => expect(stop).toHaveProperty('disabled', false));
    const before = speech.cancelled;
    fireEvent.click(stop);
    expect(speech.cancelled).toBe(before + 1);
  });

  it('still lists the messages in a browser without the speech API, and says why it cannot read them', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    server.addSession(session(3, { name: '李报价' }));
    server.store(1, 3, 3, { content: '可以' });
    await startChat();
    renderView(<SpeechSynthesisView />);
    expect(screen.getByText('当前浏览器不支持语音合成，请使用新版 Chrome、Edge 或 Safari。')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '选择会话' }));
    fireEvent.click(await screen.findByTitle('李报价'));
    await screen.findByText('可以');
    expect(screen.getByRole('button', { name: /全部朗读/ })).toHaveProperty('disabled', true);
  });
});
