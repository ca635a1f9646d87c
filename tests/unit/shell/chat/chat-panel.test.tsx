import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nProvider } from '../../../../src/shell/i18n/I18nProvider';
import { ChatPanel } from '../../../../src/shell/chat/ChatPanel';
import { ChatEntry } from '../../../../src/shell/chat/ChatEntry';
import { MessageList } from '../../../../src/shell/chat/MessageList';
import { chatStore } from '../../../../src/shell/chat/runtime';
import type { ChatController } from '../../../../src/shell/chat/chat-store';
import { LOADED } from '../../../../src/shell/chat/chat-state';
import type { DialogueState } from '../../../../src/shell/chat/dialogues';
import { sessionStore } from '../../../../src/shell/auth/session';
import { FakeWebSocket } from './fake-websocket';
import { chatOverFakeSocket } from './test-chat';
import { MockChatServer } from './mock-chat-server';
import { record, session } from './fixtures';

const ME = 1;
let server: MockChatServer;
let chat: ChatController;

function renderInConsole(node: React.ReactNode) {
  return render(
    <I18nProvider>
      <AntApp>{node}</AntApp>
    </I18nProvider>,
  );
}

async function startChat() {
  chat = chatOverFakeSocket({ id: ME, name: '王小美' });
  chat.start();
  await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
  FakeWebSocket.latest().accept();
  await waitFor(() => expect(chat.state.get().loadStatus).toBe(LOADED));
  return chat;
}

const SCROLLER = 600;
const ROW = 64;

/**
 * jsdom lays nothing out: the history's scroller gets a height and each row one, as a browser
 * would measure them, and the scroller's content height is what the list says it is.
 */
function giveLayout() {
  const scroller = (element: Element) => element.classList.contains('chat-scroll');
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = scroller(this) ? SCROLLER : ROW;
    return { x: 0, y: 0, top: 0, left: 0, right: 800, bottom: height, width: 800, height, toJSON: () => ({}) } as DOMRect;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return scroller(this) ? SCROLLER : ROW;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return scroller(this) ? SCROLLER : ROW;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return scroller(this) ? parseFloat((this.firstElementChild as HTMLElement).style.height) || 0 : ROW;
  });
  // The browser's ResizeObserver, which the list and the editor use; nothing resizes here.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

const editor = () => screen.getByTestId('chat-editor') as HTMLTextAreaElement;
const bubble = (text: string) => within(screen.getByTestId('chat-history')).getByText(text).closest('.chat-msg')!;

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
  giveLayout();
});
afterEach(() => {
  chat?.stop();
  chatStore.set(null);
  sessionStore.set(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// Drawing antd's list, dialogs and editor in jsdom takes seconds on a busy two-core machine.
const UI_TIMEOUT = 20_000;

describe('the chat panel', { timeout: UI_TIMEOUT }, () => {
  it('lists sessions with their unread counts, mutes and drafts, and opens the chosen dialogue', async () => {
    server.addSession(session(3, { name: '李报价', is_online: 1, un_read_num: 2, msg_text: '报价已提交', updated_at: 300 }));
    server.addSession(session(4, { name: '赵磊', is_disturb: 1, un_read_num: 5, draft_text: '明天再说', updated_at: 200 }));
    server.addSession(session(9, { name: '报价协作群', talk_type: 2, is_top: 1, updated_at: 100 }));
    await startChat();
    renderInConsole(<ChatPanel chat={chat} visible />);

    const list = screen.getByTestId('chat-session-list');
    const names = [...list.querySelectorAll('.chat-session-name')].map((n) => n.textContent);
    expect(names).toEqual(['报价协作群', '李报价', '赵磊']);
    const li = screen.getByTestId('chat-session-1_3');
    expect(within(li).getByText('报价已提交')).toBeTruthy();
    expect(li.querySelector('.ant-badge-count')!.getAttribute('title')).toBe('2');
    // A muted session shows a dot, not a number, and its draft.
    const zhao = screen.getByTestId('chat-session-1_4');
    expect(zhao.querySelector('.ant-badge-count')).toBeNull();
    expect(zhao.querySelector('.ant-badge-dot')).not.toBeNull();
    expect(zhao.textContent).toContain('[草稿] 明天再说');

    fireEvent.click(li);
    expect(await screen.findByTestId('chat-dialogue-name')).toHaveProperty('textContent', '李报价');
    expect(screen.getByTestId('chat-online').textContent).toBe('在线');
    await waitFor(() => expect(li.querySelector('.ant-badge-count[data-show="true"]')).toBeNull());
  });

  it('floats my messages right, others left and system messages in the centre, with read ticks on mine', async () => {
    server.addSession(session(3, { name: '李报价' }));
    server.store(1, 3, 0, { msg_type: 1000, content: '王小美 创建了会话' });
    server.store(1, 3, ME, { content: '在吗？', is_read: 1 });
    server.store(1, 3, ME, { content: '今天能报价吗？' });
    server.store(1, 3, 3, { content: '可以' });
    await startChat();
    renderInConsole(<ChatPanel chat={chat} visible />);
    fireEvent.click(screen.getByTestId('chat-session-1_3'));

    await screen.findByText('可以');
    expect(bubble('王小美 创建了会话').className).toContain('chat-msg--center');
    expect(bubble('在吗？').className).toContain('chat-msg--right');
    expect(bubble('可以').className).toContain('chat-msg--left');
    expect(bubble('在吗？').textContent).toContain('已读');
    expect(bubble('今天能报价吗？').textContent).toContain('已发送');
    expect(bubble('可以').querySelector('.chat-msg-status')).toBeNull();
  });

  it('sends on Enter, starts a new line on Shift+Enter, and shows a failed send with a retry', async () => {
    server.addSession(session(3, { name: '李报价' }));
    await startChat();
    renderInConsole(<ChatPanel chat={chat} visible />);
    fireEvent.click(screen.getByTestId('chat-session-1_3'));
    await screen.findByTestId('chat-editor');

    fireEvent.change(editor(), { target: { value: '第一行' } });
    fireEvent.keyDown(editor(), { key: 'Enter', shiftKey: true });
    expect(server.called('socket:publish')).toHaveLength(0);
    // An input method composing a word uses Enter to pick it.
    fireEvent.keyDown(editor(), { key: 'Enter', isComposing: true });
    expect(editor().value).toBe('第一行');

    fireEvent.keyDown(editor(), { key: 'Enter' });
    expect(editor().value).toBe('');
    await waitFor(() => expect(bubble('第一行').textContent).toContain('已发送'));
    // On the open socket: no request per message.
    expect(server.called('socket:publish')).toHaveLength(1);
    expect(server.called('/talk/message/publish')).toHaveLength(0);

    server.down = true;
    fireEvent.change(editor(), { target: { value: '断网了' } });
    fireEvent.keyDown(editor(), { key: 'Enter' });
    await waitFor(() => expect(bubble('断网了').textContent).toContain('发送失败 —'));
    server.down = false;
    fireEvent.click(within(bubble('断网了') as HTMLElement).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(bubble('断网了').textContent).toContain('已发送'));
    expect(server.records.get('1_3')!.map((r) => r.content)).toEqual(['第一行', '断网了']);
  });

  it('shows who is typing and tells the other side while the user types', async () => {
    server.addSession(session(3, { name: '李报价' }));
    await startChat();
    renderInConsole(<ChatPanel chat={chat} visible />);
    fireEvent.click(screen.getByTestId('chat-session-1_3'));
    await screen.findByTestId('chat-editor');
    act(() => FakeWebSocket.latest().receive('im.message.keyboard', { sender_id: 3, receiver_id: ME, talk_type: 1 }));
    expect(screen.getByTestId('chat-typing').textContent).toBe('对方正在输入…');
    fireEvent.change(editor(), { target: { value: '好' } });
    expect(FakeWebSocket.latest().sent.filter((f) => f.event === 'im.message.keyboard')).toHaveLength(1);
  });

  it('offers a picture pasted into the editor for sending, and sends it as an image message', async () => {
    server.addSession(session(3, { name: '李报价' }));
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    Object.assign(URL, { createObjectURL: () => 'blob:pasted', revokeObjectURL: () => undefined });
    // jsdom decodes no pictures: this one reports its size at once.
    vi.stubGlobal(
      'Image',
      class {
        naturalWidth = 640;
        naturalHeight = 480;
        onload: (() => void) | null = null;
        set src(_: string) {
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    await startChat();
    renderInConsole(<ChatPanel chat={chat} visible />);
    fireEvent.click(screen.getByTestId('chat-session-1_3'));
    await screen.findByTestId('chat-editor');

    editor().focus();
    const png = new File(['png'], 'pasted.png', { type: 'image/png' });
    const paste = Object.assign(new Event('paste', { bubbles: true }), {
      clipboardData: { items: [{ kind: 'file', type: 'image/png', getAsFile: () => png }] },
    });
    act(() => void editor().dispatchEvent(paste));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发送粘贴的 1 张图片？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s?送/ }));
    await waitFor(() => expect(server.called('socket:publish')).toHaveLength(1));
    expect(server.called('socket:publish')[0]).toMatchObject({ msg_type: 2, extra: { name: 'pasted.png', width: 640, height: 480 } });
  });
});

describe('the history', { timeout: UI_TIMEOUT }, () => {
  it('keeps ten thousand messages out of the page but the few on screen, at the newest', async () => {
    const records = Array.from({ length: 10_000 }, (_, i) => record(i + 1, { send_id: i % 3 === 0 ? ME : 3 }));
    const dialogue: DialogueState = {
      index_name: '1_3',
      talk: { username: '李报价', talk_type: 1, receiver_id: 3 },
      records,
      unreadBubble: 0,
      isShowEditor: true,
      online: true,
      is_robot: false,
      loadStatus: LOADED,
      cursor: 0,
      hasOlder: false,
    };
    chat = chatOverFakeSocket({ id: ME, name: '王小美' });
    const started = performance.now();
    renderInConsole(<MessageList chat={chat} slot="panel" dialogue={dialogue} pending={[]} me={{ id: ME, name: '王小美', avatar: '' }} />);
    // The list put itself at the bottom; a browser tells the virtualizer so with a scroll event.
    const scroller = screen.getByTestId('chat-history');
    expect(scroller.scrollTop).toBeGreaterThanOrEqual(scroller.scrollHeight - SCROLLER);
    expect(scroller.scrollHeight).toBeGreaterThan(10_000 * 40);
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getByText('第 10000 条')).toBeTruthy());
    const rows = document.querySelectorAll('.chat-row').length;
    expect(rows).toBeGreaterThan(5);
    expect(rows).toBeLessThan(40);
    expect(screen.queryByText('第 1 条')).toBeNull();
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('the header entry', { timeout: UI_TIMEOUT }, () => {
  it('counts the unread messages of every session that is not muted', async () => {
    server.addSession(session(3, { un_read_num: 2 }));
    server.addSession(session(4, { un_read_num: 7, is_disturb: 1 }));
    server.addSession(session(5, { un_read_num: 3 }));
    await startChat();
    chatStore.set(chat);
    renderInConsole(<ChatEntry />);
    const count = () => screen.getByTestId('chat-entry').closest('.ant-badge')!.querySelector('.ant-badge-count')?.getAttribute('title');
    expect(count()).toBe('5');
    act(() => FakeWebSocket.latest().receive('im.message', { sender_id: 3, receiver_id: ME, talk_type: 1, data: server.store(1, 3, 3) }));
    expect(count()).toBe('6');
  });
});
