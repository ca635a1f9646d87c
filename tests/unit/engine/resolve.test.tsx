import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import type { EngineRegistry } from '../../../src/engine/registry';
import type { BlockProps } from '../../../src/widgets/interface/registry';
import { shellEvents } from '../../../src/shell/events';
import { sessionStore } from '../../../src/shell/auth/session';
import type { Screen } from '../../../src/contract/screen';
import { ok, openScreen, serveScreen, signIn } from './screen-harness';

function Note({ options }: BlockProps) {
  return <p>note: {String(options.text)}</p>;
}
/** A block with state of its own: what the user typed survives only if it stays mounted. */
function Draft({ options }: BlockProps) {
  const [text, setText] = useState('');
  return <input aria-label={String(options.label)} value={text} onChange={(e) => setText(e.target.value)} />;
}
vi.mock('../../../src/app-registry', async (original) => {
  const { appRegistry } = await original<{ appRegistry: EngineRegistry }>();
  const { extendRegistry } = await import('../../../src/widgets/interface/registry');
  return { appRegistry: extendRegistry(appRegistry, { blocks: { 'test.note': Note, 'test.draft': Draft } }) };
});
const views = { 'test/native-wins': () => <p>the native view</p> };

const title = { zh: '测试页', en: 'Test page' };
const noteScreen = (text: string, version = 1): Screen => ({ id: 'test/note', version, title, kind: 'block', block: { widget: 'test.note', options: { text } } });

describe('resolving a menu item', { timeout: 30_000 }, () => {
  // The engine's chunks load on first use; loading them before the first test keeps its waits about the screen, not the transform.
  beforeAll(async () => {
    await Promise.all([import('../../../src/shell/engine/EngineScreen'), import('../../../src/engine/ScreenView')]);
  }, 60_000);

  afterEach(() => {
    cleanup();
    sessionStore.set(null);
  });

  it('draws a native view listed for the vue_path without asking the server', async () => {
    signIn();
    // No handler: a request to /api/screens/resolve would fail the test (unhandled request).
    openScreen('test/native-wins', '/page', views);
    expect(await screen.findByText('the native view')).toBeTruthy();
  });

  it("draws the server's published screen", async () => {
    signIn();
    serveScreen('test/note', noteScreen('published'), 'published');
    openScreen('test/note');
    expect(await screen.findByText('note: published')).toBeTruthy();
  });

  it('draws the bundled screen the server falls back to', async () => {
    signIn();
    serveScreen('test/note', noteScreen('bundled'), 'bundled');
    openScreen('test/note');
    expect(await screen.findByText('note: bundled')).toBeTruthy();
  });

  it('names the vue_path when there is no screen at all', async () => {
    signIn({ admin: true });
    mockServer.use(http.post('*/api/screens/resolve', () => ok(null)));
    openScreen('goods/nothing-here');
    expect(await screen.findByText('这个页面还没有搭建')).toBeTruthy();
    expect(screen.getByText(/goods\/nothing-here/)).toBeTruthy();
  });

  const broken = { id: 'test/broken', version: 1, title, kind: 'list', resource: 'goods', list: { columns: [{ field: 'name', colour: 'red' }] } };

  it('shows an admin each JSON path and reason of an invalid screen', async () => {
    signIn({ admin: true });
    serveScreen('test/broken', broken as unknown as Screen);
    openScreen('test/broken');
    expect(await screen.findByText('页面配置有误')).toBeTruthy();
    expect(screen.getByText('/list/columns/0/colour')).toBeTruthy();
    expect(screen.getByText('不允许有额外的属性')).toBeTruthy();
  });

  it('shows anyone else a friendly message, never the internals and never a blank page', async () => {
    signIn();
    serveScreen('test/broken', broken as unknown as Screen);
    openScreen('test/broken');
    expect(await screen.findByText('页面暂时无法显示')).toBeTruthy();
    expect(screen.queryByText('/list/columns/0/colour')).toBeNull();
  });

  it('refuses a screen whose view permission the user lacks', async () => {
    signIn({ permission: ['other'] });
    serveScreen('test/note', { ...noteScreen('secret'), permissions: { view: 'note:view' } });
    openScreen('test/note');
    expect(await screen.findByText('您没有查看此页面的权限')).toBeTruthy();
    expect(screen.queryByText('note: secret')).toBeNull();
  });

  it('redraws a published version without a reload, keeping input where the part did not change', async () => {
    signIn();
    let version = 1;
    const tabs = (): Screen => ({
      id: 'test/tabs',
      version,
      title,
      kind: 'sections',
      parts: [
        { key: 'draft', title: { zh: '草稿', en: 'Draft' }, kind: 'block', block: { widget: 'test.draft', options: { label: 'Draft' } } },
        { key: 'note', title: { zh: '说明', en: 'Note' }, kind: 'block', block: { widget: 'test.note', options: { text: `v${version}` } } },
      ],
    });
    serveScreen('test/tabs', tabs);
    openScreen('test/tabs');
    await userEvent.type(await screen.findByLabelText('Draft'), 'half-written');
    expect(screen.getByText('note: v1')).toBeTruthy();

    version = 2;
    act(() => void shellEvents.emit('screen.published', { vue_path: 'test/tabs', version: 2 }));
    expect(await screen.findByText('note: v2')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Draft').value).toBe('half-written');
  });

  it('ignores publications of other screens', async () => {
    signIn();
    let requests = 0;
    mockServer.use(
      http.post('*/api/screens/resolve', () => {
        requests++;
        return ok({ source: 'published', screen: noteScreen('one') });
      }),
    );
    openScreen('test/note');
    await screen.findByText('note: one');
    act(() => void shellEvents.emit('screen.published', { vue_path: 'test/other', version: 9 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toBe(1);
  });

  it('shows a placeholder naming a block widget nobody registered', async () => {
    signIn();
    serveScreen('test/note', { ...noteScreen(''), block: { widget: 'test.nowhere' } });
    openScreen('test/note');
    expect(await screen.findByText('未注册的区块组件：test.nowhere')).toBeTruthy();
  });

  it('draws a form screen with the registered form renderer', async () => {
    signIn();
    serveScreen('test/form', { id: 'test/form', version: 1, title, kind: 'form', resource: 'supplier' });
    mockServer.use(
      http.get('*/api/resources/supplier/definition', () =>
        ok({ name: 'supplier', title: { zh: '供应商', en: 'Supplier' }, kind: 'custom', labelField: 'name', teamScoped: true, version: 1, fields: [{ name: 'name', title: { zh: '名称', en: 'Name' }, type: 'string' }] }),
      ),
    );
    openScreen('test/form');
    expect(await screen.findByText('名称', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('offers a retry when the screen cannot be loaded', async () => {
    signIn();
    let fail = true;
    mockServer.use(http.post('*/api/screens/resolve', () => (fail ? new HttpResponse(null, { status: 500 }) : ok({ source: 'published', screen: noteScreen('back') }))));
    openScreen('test/note');
    const retry = await screen.findByRole('button', { name: /重\s?试/ });
    fail = false;
    await userEvent.click(retry);
    await waitFor(() => expect(screen.getByText('note: back')).toBeTruthy());
  });
});
