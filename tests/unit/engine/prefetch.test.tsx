import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { mutate, SWRConfig, unstable_serialize } from 'swr';
import { definitionKey, screenKey, useResourceList } from '../../../src/engine/data';
import { createDataProvider } from '../../../src/engine/data-provider';
import { EngineHostProvider, type EngineHost } from '../../../src/engine/host';
import { prefetchScreen } from '../../../src/engine/prefetch';
import { ScreenPreviewView } from '../../../src/engine/ScreenView';
import { preloadable } from '../../../src/engine/registry';
import { appRegistry } from '../../../src/app-registry';
import { checkedScreen } from '../../../src/engine/resolve/checked-screen';
import type { ListPage, ListQuery, ResourceDefinition } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';
import { goodsDefinition, goodsScreen } from '../../../bench/fixtures/goods';
import { page } from './handlers';
import { renderWithHost, testHost } from './engine-host';

afterEach(cleanup);

/**
 * The console reads through swr's default cache, where an earlier visit leaves the screen and the
 * resource definition; each test names its own resource and vue_path, since that cache outlives a test.
 */
async function visited(vuePath: string, screenJson: Screen, definitions: ResourceDefinition[]) {
  await mutate(screenKey(vuePath), { screen: screenJson, source: 'bundled' }, { revalidate: false });
  for (const definition of definitions) await mutate(definitionKey(definition.name), definition, { revalidate: false });
}

/** A data provider over a request client answering every read with `answer`, and the spy that saw the reads. */
function client(answer: () => Promise<unknown>) {
  const spy = vi.fn((_url: string, _body?: unknown) => answer());
  const request = spy as unknown as EngineHost['request'];
  return { spy, data: createDataProvider({ request, download: async () => {} }) };
}
const firstPage = (resource: string) => ({ resource, pagination: { page: 1, pageSize: 20 } });
const answered = (rows: Record<string, unknown>[]) => client(() => Promise.resolve(page(rows)));

function resource(name: string): ResourceDefinition {
  return { ...goodsDefinition, name };
}

function listScreen(id: string, name: string): Screen {
  return {
    ...goodsScreen,
    id,
    resource: name,
    list: {
      ...goodsScreen.list!,
      search: { keyword: true, fields: [{ field: 'status', default: ['on_sale'] }, { field: 'price' }] },
      filters: [{ field: 'warehouse', op: 'eq', value: 'hz' }],
      defaultSort: [{ field: 'sales', order: 'desc' }],
      pageSizes: [10, 50],
      pageSize: 50,
    },
  };
}

/** The query a list of `listScreen` opens with: its fixed filter, the search form's default, its sort and first page. */
const opening: ListQuery = {
  page: 1,
  pageSize: 50,
  sort: [{ field: 'sales', order: 'desc' }],
  filters: [
    { field: 'warehouse', op: 'eq', value: 'hz' },
    { field: 'status', op: 'eq', value: 'on_sale' },
  ],
};

describe('reading a screen’s lists ahead of drawing it', () => {
  it('asks once for the page a list screen opens with', async () => {
    await visited('goods/ahead', listScreen('goods/ahead', 'goods_ahead'), [resource('goods_ahead')]);
    const { spy, data } = answered([]);
    prefetchScreen('goods/ahead', data, 'zh');
    prefetchScreen('goods/ahead', data, 'zh');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('/api/resources/goods_ahead/list', opening);
  });

  it('asks nothing for a screen never opened, an invalid one, or one whose resource is not known yet', async () => {
    const { spy, data } = answered([]);
    expect(prefetchScreen('goods/never', data, 'zh')).toBeUndefined();
    await visited('goods/broken', { ...listScreen('goods/broken', 'goods_broken'), kind: 'nonsense' } as unknown as Screen, [resource('goods_broken')]);
    prefetchScreen('goods/broken', data, 'zh');
    await visited('goods/unknown', listScreen('goods/unknown', 'goods_unknown'), []);
    expect(prefetchScreen('goods/unknown', data, 'zh')).toBeUndefined();
    expect(spy).not.toHaveBeenCalled();
  });

  it('answers once every list it asked for has answered, a failed one too', async () => {
    const part = (key: string, name: string) => ({ key, title: { zh: key, en: key }, resource: name, list: listScreen(key, name).list });
    await visited(
      'goods/answers',
      { id: 'goods/answers', version: 1, title: { zh: '分区', en: 'Sections' }, kind: 'sections', parts: [part('a', 'ans_a'), part('b', 'ans_b')] },
      [resource('ans_a'), resource('ans_b')],
    );
    const answers: ((fail: boolean) => void)[] = [];
    const { data } = client(() => new Promise((resolve, reject) => answers.push((fail) => (fail ? reject(new Error('503')) : resolve(page([]))))));
    let done = false;
    void prefetchScreen('goods/answers', data, 'zh')!.then(() => (done = true));
    answers[0]!(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    answers[1]!(true);
    await waitFor(() => expect(done).toBe(true));
  });

  it('asks for every section’s list and the first tab’s, but not for parts shown on a condition', async () => {
    const part = (key: string, name: string, visible?: string) => ({ key, title: { zh: key, en: key }, resource: name, list: listScreen(key, name).list, ...(visible ? { visible } : {}) });
    await visited(
      'goods/sections',
      { id: 'goods/sections', version: 1, title: { zh: '分区', en: 'Sections' }, kind: 'sections', parts: [part('a', 'sec_a'), part('b', 'sec_b', 'user.id == 1'), part('c', 'sec_c')] },
      [resource('sec_a'), resource('sec_b'), resource('sec_c')],
    );
    await visited(
      'goods/tabs',
      { id: 'goods/tabs', version: 1, title: { zh: '页签', en: 'Tabs' }, kind: 'tabs', parts: [part('a', 'tab_a'), part('b', 'tab_b')] },
      [resource('tab_a'), resource('tab_b')],
    );
    await visited(
      'goods/tabs-if',
      { id: 'goods/tabs-if', version: 1, title: { zh: '页签', en: 'Tabs' }, kind: 'tabs', parts: [part('a', 'tabif_a', 'user.id == 1'), part('b', 'tabif_b')] },
      [resource('tabif_a'), resource('tabif_b')],
    );
    const { spy, data } = answered([]);
    prefetchScreen('goods/sections', data, 'zh');
    prefetchScreen('goods/tabs', data, 'zh');
    prefetchScreen('goods/tabs-if', data, 'zh');
    expect(spy.mock.calls.map(([url]) => url)).toEqual(['/api/resources/sec_a/list', '/api/resources/sec_c/list', '/api/resources/tab_a/list']);
  });

  it('checks a screen object once per language, for the read-ahead and every mount alike', () => {
    const json = listScreen('goods/checked', 'goods_checked');
    const first = checkedScreen(json, 'zh');
    expect(first.ok).toBe(true);
    expect(checkedScreen(json, 'zh')).toBe(first);
    const broken = { ...json, kind: 'nonsense' };
    const zh = checkedScreen(broken, 'zh');
    const en = checkedScreen(broken, 'en');
    expect(zh.ok || en.ok).toBe(false);
    expect(en).not.toBe(zh);
    expect(checkedScreen(broken, 'en')).toBe(en);
  });

  it('hands the answer to the list that mounts, which sends no request of its own', async () => {
    const ahead = answered([{ id: 1, name: '提前读到的商品' }]);
    void ahead.data.prefetchList(firstPage('goods_mount'));
    function Names() {
      const { data } = useResourceList(firstPage('goods_mount'));
      return <ul>{data?.rows.map((row) => <li key={row.id}>{String(row.name)}</li>)}</ul>;
    }
    render(
      <EngineHostProvider host={testHost({ data: ahead.data })}>
        <Names />
      </EngineHostProvider>,
    );
    expect(await screen.findByText('提前读到的商品')).toBeTruthy();
    // The list's own read would be a second request through the same provider.
    await waitFor(() => expect(ahead.spy).toHaveBeenCalledTimes(1));
    expect(ahead.spy).toHaveBeenCalledTimes(1);
  });

  it('draws an answer that came before the list over the older page swr holds, in the list’s first render', async () => {
    const query = { page: 1, pageSize: 20 };
    await mutate(['list', 'goods_newer', query], page([{ id: 1, name: '上次看到的名字' }]), { revalidate: false });
    const ahead = answered([{ id: 1, name: '刚改过的名字' }]);
    void ahead.data.prefetchList(firstPage('goods_newer'));
    await ahead.spy.mock.results[0]!.value;
    const cachedName = () => (SWRConfig.defaultValue.cache.get(unstable_serialize(['list', 'goods_newer', query]))?.data as ListPage | undefined)?.rows[0]?.name;
    // Not written on arrival: a screen's first render under way then would have read the store it changed.
    expect(cachedName()).toBe('上次看到的名字');
    const drawn: string[][] = [];
    function Names() {
      const { data } = useResourceList(firstPage('goods_newer'));
      drawn.push(data?.rows.map((row) => String(row.name)) ?? []);
      return <ul>{data?.rows.map((row) => <li key={row.id}>{String(row.name)}</li>)}</ul>;
    }
    render(
      <EngineHostProvider host={testHost({ data: ahead.data })}>
        <Names />
      </EngineHostProvider>,
    );
    expect(drawn[0]).toEqual(['刚改过的名字']);
    expect(drawn.flat()).not.toContain('上次看到的名字');
    // In swr's cache from the mount on, for every other reader of the list.
    expect(cachedName()).toBe('刚改过的名字');
    expect(ahead.spy).toHaveBeenCalledTimes(1);
  });

  it('drops an answer nobody read, so a later visit asks again', async () => {
    vi.useFakeTimers();
    try {
      const { spy, data } = answered([]);
      void data.prefetchList(firstPage('goods_late'));
      await vi.advanceTimersByTimeAsync(10_000);
      void data.prefetchList(firstPage('goods_late'));
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a failed answer to the list that reads it', async () => {
    // Only the read ahead fails: a read of the list's own would draw an empty page.
    let reads = 0;
    const failing = client(() => (reads++ ? Promise.resolve(page([])) : Promise.reject(Object.assign(new Error('服务器开小差了'), { code: 500 }))));
    failing.data.prefetchList(firstPage('goods_failing')).catch(() => undefined);
    function State() {
      const { error } = useResourceList(firstPage('goods_failing'));
      return <p>{error ? (error as Error).message : '…'}</p>;
    }
    render(
      <EngineHostProvider host={testHost({ data: failing.data })}>
        <State />
      </EngineHostProvider>,
    );
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
  });

  it('starts downloading the list renderer while the list’s definition is still being read', async () => {
    const load = vi.fn(() => new Promise<never>(() => {}));
    const reading = vi.fn(() => new Promise<never>(() => {}));
    renderWithHost(
      <MemoryRouter>
        <ScreenPreviewView screen={listScreen('goods/early', 'goods_early')} />
      </MemoryRouter>,
      testHost({ request: reading as unknown as EngineHost['request'] }),
      { ...appRegistry, renderers: { ...appRegistry.renderers, list: preloadable(load) } },
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(reading).toHaveBeenCalledTimes(1);
    expect(reading.mock.calls[0]).toContain('/api/resources/goods_early/definition');
  });
});
