import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { sessionStore } from '../../../src/shell/auth/session';
import type { EngineRegistry } from '../../../src/engine/registry';
import type { ActionWidgetProps } from '../../../src/widgets/interface/registry';
import type { ImportReport, ResourceRecord } from '../../../src/contract/resource';
import type { Action, FormSpec, Screen } from '../../../src/contract/screen';
import { goodsDefinition, goodsRows } from '../../../bench/fixtures/goods';
import { giveElementsASize, ok, openScreen, serveResource, serveScreen, signIn } from './screen-harness';

beforeAll(giveElementsASize);

function Stamp({ record, reload }: ActionWidgetProps) {
  return (
    <button type="button" onClick={reload}>
      stamp {String(record?.id)}
    </button>
  );
}
vi.mock('../../../src/app-registry', async (original) => {
  const { appRegistry } = await original<{ appRegistry: EngineRegistry }>();
  const { extendRegistry } = await import('../../../src/widgets/interface/registry');
  return { appRegistry: extendRegistry(appRegistry, { actions: { 'test.stamp': Stamp } }) };
});

const rows: ResourceRecord[] = goodsRows(3).map((row, i) => ({ ...row, name: ['a&b c/d', '草稿商品', '在售商品'][i]!, status: ['draft', 'draft', 'on_sale'][i]! }));
const label = (zh: string) => ({ zh, en: zh });

function open(rowActions: Action[], { toolbar = [] as Action[], bulkActions = [] as Action[], permission = [] as string[], form = undefined as FormSpec | undefined } = {}) {
  signIn({ permission });
  const screenJson: Screen = {
    id: 'goods/actions',
    version: 1,
    title: label('动作'),
    kind: 'list',
    resource: 'goods',
    permissions: { export: 'goods:export' },
    list: { columns: [{ field: 'name' }, { field: 'status' }], rowActions, toolbar, bulkActions, selectable: bulkActions.length > 0 },
    ...(form ? { form } : {}),
  };
  serveScreen('goods/actions', screenJson);
  const queries = serveResource(goodsDefinition, rows);
  const router = openScreen('goods/actions');
  return { router, queries };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const ready = () => screen.findByText('在售商品', undefined, { timeout: 8000 });

describe('actions', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
    vi.restoreAllMocks();
  });

  it('show where their visible expression holds, and are disabled where their disabled one does', async () => {
    open([
      { key: 'publish', label: label('上架'), kind: 'api', url: '/api/goods/publish', visible: { '==': [{ var: 'record.status' }, 'draft'] } },
      { key: 'pause', label: label('暂停'), kind: 'api', url: '/api/goods/pause', disabled: { '!=': [{ var: 'record.status' }, 'on_sale'] } },
    ]);
    await ready();
    expect(within(rowOf('草稿商品')).getByRole('button', { name: /上\s?架/ })).toBeTruthy();
    expect(within(rowOf('在售商品')).queryByRole('button', { name: /上\s?架/ })).toBeNull();
    expect(within(rowOf('草稿商品')).getByRole('button', { name: /暂\s?停/ }).hasAttribute('disabled')).toBe(true);
    expect(within(rowOf('在售商品')).getByRole('button', { name: /暂\s?停/ }).hasAttribute('disabled')).toBe(false);
  });

  it('hide actions whose permission code the user lacks (their own, or the screen’s for their kind)', async () => {
    const approve: Action = { key: 'approve', label: label('审核'), kind: 'api', url: '/api/goods/approve', permission: 'goods:approve' };
    const exporting: Action = { key: 'export', label: label('导出'), kind: 'export' };
    open([approve], { toolbar: [exporting] });
    await ready();
    expect(screen.queryByRole('button', { name: /审\s?核/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s?出/ })).toBeNull();
    cleanup();
    open([approve], { toolbar: [exporting], permission: ['goods:approve', 'goods:export'] });
    await ready();
    expect(screen.getAllByRole('button', { name: /审\s?核/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: /导\s?出/ })).toBeTruthy();
  });

  it('call the API after a confirm, with a body built from expressions over the record and user', async () => {
    let body: unknown;
    mockServer.use(
      http.post('*/api/goods/publish', async ({ request }) => {
        body = await request.json();
        return ok(null);
      }),
    );
    open([
      {
        key: 'publish',
        label: label('上架'),
        kind: 'api',
        url: '/api/goods/publish',
        confirm: label('确定上架 {{record.name}} 吗？'),
        body: { id: { var: 'record.id' }, by: { var: 'user.id' }, note: { concat: ['from ', { var: 'record.status' }] } },
      },
    ]);
    await ready();
    await userEvent.click(within(rowOf('草稿商品')).getByRole('button', { name: /上\s?架/ }));
    expect(await screen.findByText('确定上架 草稿商品 吗？')).toBeTruthy();
    expect(body).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(body).toEqual({ id: rows[1]!.id, by: 7, note: 'from draft' }));
  });

  it('navigate with record values URL-encoded, so a value cannot change the link', async () => {
    const { router } = open([{ key: 'go', label: label('去看看'), kind: 'navigate', to: '/goods/detail?name={{record.name}}&id={{record.id}}' }]);
    await ready();
    await userEvent.click(within(rowOf('a&b c/d')).getByRole('button', { name: '去看看' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?name=a%26b%20c%2Fd&id=${rows[0]!.id}`));
    expect(router.state.location.pathname).toBe('/goods/detail');
  });

  it('draw a registered action widget, and a placeholder naming one nobody registered', async () => {
    open([
      { key: 'stamp', label: label('盖章'), kind: 'widget', widget: 'test.stamp' },
      { key: 'ghost', label: label('幽灵'), kind: 'widget', widget: 'test.ghost' },
    ]);
    await ready();
    expect(screen.getByRole('button', { name: `stamp ${rows[0]!.id}` })).toBeTruthy();
    expect(screen.getAllByText('未注册的操作组件：test.ghost')).toHaveLength(3);
  });

  it('say once that a record edited in a dialog was saved', async () => {
    const record = rows[2]!;
    mockServer.use(
      http.post('*/api/resources/goods/update', async ({ request }) => {
        const body = (await request.json()) as { values: Record<string, unknown> };
        return ok({ ...record, ...body.values, version: record.version + 1 });
      }),
    );
    open([{ key: 'edit', label: label('编辑'), kind: 'edit', type: 'link' }], { form: { fields: ['name'] } });
    await ready();
    await userEvent.click(within(rowOf('在售商品')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const name = await within(dialog).findByLabelText('商品名称');
    await userEvent.clear(name);
    await userEvent.type(name, '在售商品（改）');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    // The form's message and the close come from one answer: both are drawn by the time either is.
    expect(await screen.findAllByText('保存成功')).toHaveLength(1);
  });

  it('export the list’s current query in the chosen format', async () => {
    let asked: URL | undefined;
    mockServer.use(
      http.get('*/api/resources/goods/export', ({ request }) => {
        asked = new URL(request.url);
        return new HttpResponse('名称\n商品', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open([], { toolbar: [{ key: 'export', label: label('导出'), kind: 'export' }], permission: ['goods:export'] });
    await ready();
    await userEvent.click(screen.getByRole('button', { name: /导\s?出/ }));
    await userEvent.click(await screen.findByText('导出 Excel'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(asked?.searchParams.get('format')).toBe('xlsx');
    expect(JSON.parse(asked!.searchParams.get('query')!)).toEqual({});
  });

  it('import only a file whose preview is clean, showing each refused cell', async () => {
    const report = (errors: ImportReport['errors'], written = 0): ImportReport => ({ total: 2, written, errors, preview: [{ name: '新商品', price: 1990 }], columns: { 名称: 'name', 售价: 'price' }, ignored: ['颜色'] });
    let clean = false;
    let imported = false;
    mockServer.use(
      http.post('*/api/resources/goods/import/preview', () => ok(clean ? report([]) : report([{ row: 2, column: '售价', message: '必须是整数' }]))),
      http.post('*/api/resources/goods/import', () => {
        imported = true;
        return ok(report([], 2));
      }),
    );
    open([], { toolbar: [{ key: 'import', label: label('导入'), kind: 'import' }] });
    await ready();
    await userEvent.click(screen.getByRole('button', { name: /导\s?入/ }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['名称,售价\n新商品,19.9'], 'goods.csv', { type: 'text/csv' });
    // The import panel loads when an import opens.
    await waitFor(() => expect(dialog.querySelector('input[type=file]')).toBeTruthy());
    await userEvent.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    expect(await within(dialog).findByText('必须是整数')).toBeTruthy();
    expect(within(dialog).getByText('未识别的表头（将被忽略）：颜色')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '确认导入' }).hasAttribute('disabled')).toBe(true);

    clean = true;
    await userEvent.click(within(dialog).getByRole('button', { name: '重新选择文件' }));
    await userEvent.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, file);
    await userEvent.click(await within(dialog).findByRole('button', { name: '确认导入' }));
    await waitFor(() => expect(imported).toBe(true));
    expect(await screen.findByText('已导入 2 行')).toBeTruthy();
  });
});
