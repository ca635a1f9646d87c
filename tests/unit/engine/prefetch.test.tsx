import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { mutate, SWRConfig, unstable_serialize } from 'swr';
import { definitionKey, prefetchList, screenKey, useResourceList } from '../../../src/engine/data';
import { EngineHostProvider, type EngineHost } from '../../../src/engine/host';
import { prefetchScreen } from '../../../src/engine/prefetch';
import { checkedScreen } from '../../../src/engine/resolve/checked-screen';
import type { ListPage, ListQuery, ResourceDefinition } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';
import { goodsDefinition, goodsScreen } from '../../../bench/fixtures/goods';
import { page } from './handlers';
import { testHost } from './engine-host';

afterEach(cleanup);

/**
 * The console reads through swr's default cache, where an earlier visit leaves the screen and the
 * resource definition; each test names its own resource and vue_path, since that cache outlives a test.
 */
async function visited(vuePath: string, screenJson: Screen, definitions: ResourceDefinition[]) {
  await mutate(screenKey(vuePath), { screen: screenJson, source: 'bundled' }, { revalidate: false });
  for (const definition of definitions) await mutate(definitionKey(definition.name), definition, { revalidate: false });
}

/** A request client answering every read with `answer`, and the spy that saw the reads. */
function client(answer: () => Promise<unknown>) {
  const spy = vi.fn((_url: string, _body?: unknown) => answer());
  return { spy, request: spy as unknown as EngineHost['request'] };
}
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
    const { spy, request } = answered([]);
    prefetchScreen('goods/ahead', request, 'zh');
    prefetchScreen('goods/ahead', request, 'zh');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('/api/resources/goods_ahead/list', opening);
  });

  it('asks nothing for a screen never opened, an invalid one, or one whose resource is not known yet', async () => {
    const { spy, request } = answered([]);
    expect(prefetchScreen('goods/never', request, 'zh')).toBeUndefined();
    await visited('goods/broken', { ...listScreen('goods/broken', 'goods_broken'), kind: 'nonsense' } as unknown as Screen, [resource('goods_broken')]);
    prefetchScreen('goods/broken', request, 'zh');
    await visited('goods/unknown', listScreen('goods/unknown', 'goods_unknown'), []);
    expect(prefetchScreen('goods/unknown', request, 'zh')).toBeUndefined();
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
    const { request } = client(() => new Promise((resolve, reject) => answers.push((fail) => (fail ? reject(new Error('503')) : resolve(page([]))))));
    let done = false;
    void prefetchScreen('goods/answers', request, 'zh')!.then(() => (done = true));
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
    const { spy, request } = answered([]);
    prefetchScreen('goods/sections', request, 'zh');
    prefetchScreen('goods/tabs', request, 'zh');
    prefetchScreen('goods/tabs-if', request, 'zh');
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
    prefetchList(ahead.request, 'goods_mount', { page: 1, pageSize: 20 });
    const own = answered([{ id: 2, name: '列表自己读的商品' }]);
    function Names() {
      const { data } = useResourceList('goods_mount', { page: 1, pageSize: 20 });
      return <ul>{data?.rows.map((row) => <li key={row.id}>{String(row.name)}</li>)}</ul>;
    }
    render(
      <EngineHostProvider host={testHost({ request: own.request })}>
        <Names />
      </EngineHostProvider>,
    );
    expect(await screen.findByText('提前读到的商品')).toBeTruthy();
    await waitFor(() => expect(own.spy).not.toHaveBeenCalled());
    expect(ahead.spy).toHaveBeenCalledTimes(1);
  });

  it('draws an answer that came before the list over the older page swr holds, in the list’s first render', async () => {
    const query = { page: 1, pageSize: 20 };
    await mutate(['list', 'goods_newer', query], page([{ id: 1, name: '上次看到的名字' }]), { revalidate: false });
    const ahead = answered([{ id: 1, name: '刚改过的名字' }]);
    prefetchList(ahead.request, 'goods_newer', query);
    await ahead.spy.mock.results[0]!.value;
    const cachedName = () => (SWRConfig.defaultValue.cache.get(unstable_serialize(['list', 'goods_newer', query]))?.data as ListPage | undefined)?.rows[0]?.name;
    // Not written on arrival: a screen's first render under way then would have read the store it changed.
    expect(cachedName()).toBe('上次看到的名字');
    const drawn: string[][] = [];
    function Names() {
      const { data } = useResourceList('goods_newer', query);
      drawn.push(data?.rows.map((row) => String(row.name)) ?? []);
      return <ul>{data?.rows.map((row) => <li key={row.id}>{String(row.name)}</li>)}</ul>;
    }
    render(
      <EngineHostProvider host={testHost({ request: answered([]).request })}>
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
      const { spy, request } = answered([]);
      prefetchList(request, 'goods_late', { page: 1, pageSize: 20 });
      await vi.advanceTimersByTimeAsync(10_000);
      prefetchList(request, 'goods_late', { page: 1, pageSize: 20 });
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a failed answer to the list that reads it', async () => {
    const failing = client(() => Promise.reject(Object.assign(new Error('服务器开小差了'), { code: 500 })));
    prefetchList(failing.request, 'goods_failing', { page: 1, pageSize: 20 });
    function State() {
      const { error } = useResourceList('goods_failing', { page: 1, pageSize: 20 });
      return <p>{error ? (error as Error).message : '…'}</p>;
    }
    render(
      <EngineHostProvider host={testHost({ request: answered([]).request })}>
        <State />
      </EngineHostProvider>,
    );
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
  });
});
