import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import DetailRenderer, { groupItems } from '../../../src/engine/detail/DetailRenderer';
import type { ListRendererProps } from '../../../src/engine/renderers';
import { appRegistry } from '../../../src/app-registry';
import { extendRegistry } from '../../../src/widgets/interface/registry';
import type { DetailSpec } from '../../../src/contract/screen';
import { LABELS_KEY, type HistoryEntry, type ResourceDefinition, type ResourceRecord } from '../../../src/contract/resource';
import { mockServer } from '../setup';
import { renderWithHost, testHost } from './engine-host';
import { dictionaryHandlers, ok, page } from './handlers';
import { supplier, supplierRecord, supplierScreen } from './fixtures';

const l = (zh: string, en: string) => ({ zh, en });

const spec: DetailSpec = {
  groups: [
    { title: l('基本信息', 'Basics'), fields: ['name', 'level', 'credit', 'active', 'category', 'province'] },
    { title: l('更多信息', 'More'), fields: ['intro', 'items', 'remark', 'updated_at'] },
  ],
  history: true,
};

const history: HistoryEntry[] = [
  { id: 1, action: 'create', user_id: 2, user_name: '张三', created_at: Date.UTC(2026, 0, 5, 2), changes: [{ field: 'name', before: undefined, after: '华东五金' }] },
  {
    id: 2,
    action: 'update',
    user_id: 3,
    user_name: '李四',
    created_at: Date.UTC(2026, 0, 6, 3),
    changes: [
      { field: 'level', before: 'b', after: 'a' },
      { field: 'credit', before: 500000, after: 1234550 },
      { field: 'intro', before: '<p>新</p>', after: '<p>老牌<b>供应商</b></p>' },
      // A lookup is drawn with the labels the server sent, though the province list answers only 浙江省.
      { field: 'province', before: 2, after: 1, labels: { before: '江苏省', after: '浙江' } },
    ],
  },
];

function serve(record = supplierRecord({ province: 1, category: 'metal', intro: '<p>老牌<img src="x" onerror="alert(1)"><script>alert(2)</script></p>', remark: '第一行\n第二行' })) {
  mockServer.use(
    ...dictionaryHandlers,
    http.post('*/api/resources/supplier/get', () => ok(record)),
    http.post('*/api/resources/supplier/history', () => ok(history)),
    // The list's lookup cell names the province, reading labels in one list request per resource.
    http.post('*/api/resources/province/list', () => ok(page([{ id: 1, name: '浙江省' }]))),
  );
}

/** The value cell beside a label of the descriptions. */
const labelled = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label > span' }).parentElement!.nextElementSibling as HTMLElement;

describe('the detail renderer', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws each group as descriptions with the values formatted', async () => {
    serve();
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={spec} id={7} />);
    expect(await screen.findByText('基本信息')).toBeTruthy();
    expect(screen.getByText('更多信息')).toBeTruthy();
    expect(labelled('名称').textContent).toBe('华东五金');
    expect(labelled('等级').textContent).toBe('A 级');
    expect(labelled('授信额度').textContent).toBe('¥12,345.50');
    expect(labelled('启用').textContent).toBe('是');
    await waitFor(() => expect(labelled('类目').textContent).toBe('五金'));
    await waitFor(() => expect(labelled('省份').textContent).toBe('浙江省'));
    expect(labelled('备注').textContent).toBe('第一行\n第二行');
    expect(labelled('更新时间').textContent).toMatch(/^2026-01-06 \d\d:30:00$/);
    expect(within(labelled('供货清单')).getByText('¥0.25')).toBeTruthy();
  });

  it('sanitises rich text before it enters the page', async () => {
    serve();
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={spec} id={7} />);
    const intro = await waitFor(() => labelled('简介').querySelector('.ed-richtext')!);
    expect(intro.innerHTML).toBe('<p>老牌<img src="x"></p>');
  });

  it('gives a wide value a row of its own and fills every row', () => {
    const items = groupItems({ title: l('x', 'x'), fields: ['name', 'intro', 'level', 'credit', 'active'], columns: 2 }, supplier, supplierRecord(), testHost());
    expect(items.map((i) => [i.key, i.span])).toEqual([
      ['name', 2],
      ['intro', 2],
      ['level', 1],
      ['credit', 1],
      ['active', 2],
    ]);
  });

  it('shows the change history newest first, each field from before to after, formatted', async () => {
    serve();
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={spec} id={7} />);
    expect(await screen.findByText('变更记录')).toBeTruthy();
    const entries = await screen.findAllByRole('listitem', { hidden: false });
    const timeline = entries[0].closest('.ed-history')!;
    const heads = [...timeline.querySelectorAll('.ed-history-head')].map((h) => h.textContent);
    expect(heads[0]).toMatch(/^李四修改了 4 个字段2026-01-06/);
    expect(heads[1]).toMatch(/^张三创建了记录2026-01-05/);
    const changes = [...timeline.querySelectorAll('.ed-history-changes li')].map((li) => li.textContent);
    expect(changes).toEqual(['等级：B 级→A 级', '授信额度：¥5,000.00→¥12,345.50', '简介：新→老牌供应商', '省份：江苏省→浙江', '名称：华东五金']);
  });

  it('draws related lists with the list renderer, fixed to this record, or says it cannot', async () => {
    serve();
    const related: DetailSpec = { ...spec, history: false, related: [{ title: l('采购订单', 'Orders'), resource: 'purchase_order', field: 'supplier', columns: [{ field: 'no' }] }] };
    const orderDefinition: ResourceDefinition = { ...supplier, name: 'purchase_order', title: l('采购订单', 'Orders') };
    mockServer.use(http.get('*/api/resources/purchase_order/definition', () => ok(orderDefinition)));
    const noLists = { ...appRegistry, renderers: { ...appRegistry.renderers, list: undefined } };
    const first = renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={related} id={7} />, testHost(), noLists);
    expect(await screen.findByText('无法显示“采购订单”：列表组件尚未加载')).toBeTruthy();
    first.unmount();

    const seen: ListRendererProps[] = [];
    const list = (props: ListRendererProps) => {
      seen.push(props);
      return <div>列表：{props.definition.name}</div>;
    };
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={related} id={7} />, testHost(), { ...appRegistry, renderers: { ...appRegistry.renderers, list } });
    expect(await screen.findByText('列表：purchase_order')).toBeTruthy();
    expect(seen.at(-1)).toMatchObject({ compact: true, spec: { columns: [{ field: 'no' }], filters: [{ field: 'supplier', op: 'eq', value: 7 }] } });
  });

  it("draws a value with the list's cell for its type when one is registered", async () => {
    serve();
    const registry = extendRegistry(appRegistry, { cells: { money: ({ value }) => <b>{`${Number(value) / 100} 元`}</b> } }, { override: true });
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={spec} id={7} />, testHost(), registry);
    expect(await screen.findByText('12345.5 元')).toBeTruthy();
  });

  it('offers the actions the user may take and hands the chosen one to its owner', async () => {
    serve();
    const onAction = vi.fn();
    const withActions: DetailSpec = {
      ...spec,
      actions: [
        { key: 'edit', kind: 'edit', label: l('编辑', 'Edit'), type: 'primary' },
        { key: 'delete', kind: 'delete', label: l('删除', 'Delete'), danger: true, permission: 'supplier:delete' },
        { key: 'close', kind: 'api', label: l('关闭', 'Close'), url: '/api/x', disabled: { '==': [{ var: 'record.level' }, 'a'] } },
      ],
    };
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={withActions} id={7} onAction={onAction} />);
    await userEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    expect(onAction).toHaveBeenCalledWith(withActions.actions![0], expect.objectContaining({ id: 7 }));
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect((screen.getByRole('button', { name: /关\s*闭/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("names the record's team to a reader of their own team's rows, never its id, and reads no teams", async () => {
    let teamsRead = 0;
    serve({ ...supplierRecord({ team_id: 4 }), [LABELS_KEY]: { team_id: '华东采购二部' } } as unknown as ResourceRecord);
    mockServer.use(
      http.post('*/api/resources/teams/list', () => {
        teamsRead += 1;
        return HttpResponse.json({ code: 403, msg: '没有权限', data: null }, { status: 403 });
      }),
    );
    // The definition says nothing of several teams: the reader sees their own team's rows only.
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={{ groups: [{ title: l('归属', 'Owner'), fields: ['name', 'team_id'] }] }} id={7} />);
    await waitFor(() => expect(labelled('所属团队').textContent).toBe('华东采购二部'));
    expect(teamsRead).toBe(0);
  });

  it('says so when the record is gone', async () => {
    mockServer.use(http.post('*/api/resources/supplier/get', () => ok(null)));
    renderWithHost(<DetailRenderer screen={supplierScreen} definition={supplier} spec={spec} id={8} />);
    expect(await screen.findByText('记录不存在或已被删除')).toBeTruthy();
  });
});
