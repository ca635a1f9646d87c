import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import FormRenderer from '../../../src/engine/form/FormRenderer';
import { appRegistry } from '../../../src/app-registry';
import type { FormRendererProps } from '../../../src/engine/renderers';
import type { FormSpec } from '../../../src/contract/screen';
import { mockServer } from '../setup';
import { renderWithHost, testHost } from './engine-host';
import { dictionaryHandlers, fail, ok, page } from './handlers';
import { supplier, supplierRecord, supplierScreen } from './fixtures';

type Sent = { url: string; body: Record<string, unknown> };

/** Answers create and update with the record they would store, and keeps what was sent. */
function recordWrites(answer?: () => Response) {
  const sent: Sent[] = [];
  mockServer.use(
    http.post('*/api/resources/supplier/:action', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ url: String(params.action), body });
      return answer?.() ?? ok(supplierRecord({ ...(body.values as object), version: 5 }));
    }),
  );
  return sent;
}

function draw(spec: FormSpec, props: Partial<FormRendererProps> = {}, host = testHost()) {
  const handlers = { onSaved: vi.fn(), onCancel: vi.fn(), onDirtyChange: vi.fn() };
  renderWithHost(<FormRenderer screen={supplierScreen} definition={supplier} spec={spec} mode="dialog" {...handlers} {...props} />, host);
  return handlers;
}

const save = () => userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const cancel = () => userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
/** The drawn form's input for a field: the form's id prefix is its own (useFormName). */
const fieldSelector = (id: string) => `[id^="root-"][id$="_${id}"]`;
const field = (id: string) => document.querySelector<HTMLInputElement>(fieldSelector(id))!;

/** Opens an antd Select and picks the option with this label. */
async function choose(id: string, label: string) {
  fireEvent.mouseDown(field(id));
  const option = await screen.findByTitle(label);
  fireEvent.click(option);
}

// jsdom draws antd slowly on a busy machine; the first test also pays for the imports.
// The app's registry loads its form widgets with the form renderer; drawn directly here, the renderer gets them loaded.
beforeAll(() => appRegistry.formWidgets.load());

describe('the form renderer', { timeout: 20_000 }, () => {
  it('creates a record with the values typed, optional fields left empty sent as null', async () => {
    const sent = recordWrites();
    const { onSaved } = draw({ fields: ['name', 'mobile', 'level', 'active'] });
    await userEvent.type(field('name'), '华南纸业');
    await choose('level', 'B 级');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent).toEqual([{ url: 'create', body: { values: { name: '华南纸业', mobile: null, level: 'b', active: null } } }]);
    expect(onSaved.mock.calls[0][0]).toMatchObject({ name: '华南纸业', version: 5 });
  });

  it('refuses to send a form with a missing required field and says which, in the field', async () => {
    const sent = recordWrites();
    draw({ fields: ['name', 'mobile'] });
    await userEvent.type(field('mobile'), '12345');
    await save();
    expect(await screen.findByText('名称为必填项')).toBeTruthy();
    expect(screen.getByText('请输入正确的手机号')).toBeTruthy();
    expect(sent).toEqual([]);
    // Live from now on: fixing the field clears its message.
    await userEvent.type(field('name'), '甲');
    await waitFor(() => expect(screen.queryByText('名称为必填项')).toBeNull());
  });

  it('shows money in yuan and stores fen', async () => {
    const sent = recordWrites();
    draw({ fields: ['credit'] }, { record: supplierRecord({ credit: 1234550 }) });
    expect(field('credit').value).toBe('12,345.50');
    // As a paste: jsdom does not replay antd's number input key by key the way a browser does.
    fireEvent.change(field('credit'), { target: { value: '0.29' } });
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ id: 7, version: 4, values: { credit: 29 } });
  });

  it('on a stale version shows who changed the record and reloads it only when asked', async () => {
    const sent = recordWrites(() => fail(409, '该记录已被 李四 修改，请刷新后再试'));
    mockServer.use(http.post('*/api/resources/supplier/get', () => ok(supplierRecord({ name: '李四改过的名字', version: 6 }))));
    const { onSaved } = draw({ fields: ['name'] }, { record: supplierRecord() });
    await userEvent.clear(field('name'));
    await userEvent.type(field('name'), '我的修改');
    await save();
    expect(await screen.findByText('该记录已被 李四 修改，请刷新后再试')).toBeTruthy();
    expect(screen.getByText('保存失败：记录已被修改')).toBeTruthy();
    expect(sent[0].body).toMatchObject({ id: 7, version: 4 });
    expect(onSaved).not.toHaveBeenCalled();
    // Nothing is replaced until the user chooses to.
    expect(field('name').value).toBe('我的修改');
    await userEvent.click(screen.getByRole('button', { name: '重新加载最新数据' }));
    await waitFor(() => expect(field('name').value).toBe('李四改过的名字'));
    expect(screen.queryByText('保存失败：记录已被修改')).toBeNull();
    sent.length = 0;
    mockServer.use(http.post('*/api/resources/supplier/update', async ({ request }) => ok(supplierRecord({ ...((await request.json()) as { values: object }).values }))));
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("shows the server's refusal of a field at that field", async () => {
    recordWrites(() => fail(400, '请求参数有误: body.values.name 已存在同名供应商'));
    draw({ fields: ['name', 'mobile'] }, { record: supplierRecord() });
    await save();
    const message = await screen.findByText('名称 已存在同名供应商');
    expect(message.closest('.ef-item')!.querySelector(fieldSelector('name'))).toBeTruthy();
    // Editing the field takes the server's complaint away.
    await userEvent.type(field('name'), '二号');
    await waitFor(() => expect(screen.queryByText('名称 已存在同名供应商')).toBeNull());
  });

  it('shows a refusal that names no field above the form', async () => {
    recordWrites(() => fail(403, '没有权限'));
    draw({ fields: ['name'] }, { record: supplierRecord() });
    await save();
    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(screen.getByText('保存失败')).toBeTruthy();
  });

  it('hides, disables and defaults fields by the rules, and sends no hidden field', async () => {
    const sent = recordWrites();
    draw({
      fields: ['name', 'level', 'credit', 'mobile', 'remark'],
      rules: [
        { field: 'credit', visible: { '==': [{ var: 'form.level' }, 'a'] } },
        { field: 'mobile', disabled: { '==': [{ var: 'user.team_type' }, 1] } },
        { field: 'remark', default: { concat: [{ var: 'user.name' }, '：', { var: 'form.name' }] } },
      ],
    });
    expect(field('credit')).toBeNull();
    expect(field('mobile').disabled).toBe(true);
    expect(field('remark').value).toBe('张三：');
    await userEvent.type(field('name'), '甲');
    await waitFor(() => expect(field('remark').value).toBe('张三：甲'));
    await choose('level', 'A 级');
    await waitFor(() => expect(field('credit')).toBeTruthy());
    await userEvent.type(field('credit'), '5');
    // The user's own words end the default's hold on the field.
    await userEvent.type(field('remark'), '！');
    await userEvent.type(field('name'), '乙');
    expect(field('remark').value).toBe('张三：甲！');
    await choose('level', 'B 级');
    await waitFor(() => expect(field('credit')).toBeNull());
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.values).toEqual({ name: '甲乙', level: 'b', mobile: null, remark: '张三：甲！' });
  });

  it('reports unsaved changes, guards the tab and asks before cancelling', async () => {
    const { onDirtyChange, onCancel } = draw({ fields: ['name'] }, { record: supplierRecord() });
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(field('name'), '改');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    expect(unload()).toBe(true);
    await cancel();
    const dialog = await screen.findByRole('dialog', { name: '放弃未保存的修改？' });
    expect(within(dialog).getByText('表单中有尚未保存的修改，离开后这些修改将丢失。')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    expect(onCancel).not.toHaveBeenCalled();
    // Typing it back as it was is no change.
    await userEvent.type(field('name'), '{Backspace}');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
    expect(unload()).toBe(false);
    await cancel();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('keeps working when the dirty callback returns a value (it must not become an effect cleanup)', async () => {
    const marks = new Set<string>();
    // The dialog host's callback returned the Set from add/delete; React then called it as a cleanup.
    const onDirtyChange = vi.fn((dirty: boolean) => (dirty ? marks.add('form') : marks.delete('form'))) as unknown as (dirty: boolean) => void;
    draw({ fields: ['name'] }, { record: supplierRecord(), onDirtyChange });
    await userEvent.type(field('name'), '改');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    await userEvent.type(field('name'), '{Backspace}');
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
    expect(field('name')).toBeTruthy();
  });

  it('narrows a dependent select by the field it depends on and clears it when that changes', async () => {
    const cityQueries: unknown[] = [];
    mockServer.use(
      http.post('*/api/resources/:name/get', async ({ request, params }) => {
        const { id } = (await request.json()) as { id: number };
        return ok({ id, name: { province: { 1: '浙江省', 2: '江苏省' }, city: { 11: '杭州市', 21: '南京市' } }[params.name as 'city'][id] });
      }),
      http.post('*/api/resources/province/list', () => ok(page([{ id: 1, name: '浙江省' }, { id: 2, name: '江苏省' }]))),
      http.post('*/api/resources/city/list', async ({ request }) => {
        const query = (await request.json()) as { filters: { value: number }[] };
        cityQueries.push(query);
        const province = query.filters[0].value;
        return ok(page(province === 1 ? [{ id: 11, name: '杭州市' }] : [{ id: 21, name: '南京市' }]));
      }),
    );
    const sent = recordWrites();
    draw({ fields: ['province', 'city'], uiSchema: { city: { 'ui:options': { dependsOn: 'province' } } } });
    expect(screen.getByText('请先选择省份')).toBeTruthy();
    expect(field('city').disabled).toBe(true);
    await choose('province', '浙江省');
    await waitFor(() => expect(field('city').disabled).toBe(false));
    await choose('city', '杭州市');
    expect(cityQueries).toEqual([{ page: 1, pageSize: 20, filters: [{ field: 'province', op: 'eq', value: 1 }] }]);
    await choose('province', '江苏省');
    const chosenCity = () => field('city').closest('.ant-select')!.querySelector('.ant-select-selection-item');
    await waitFor(() => expect(chosenCity()).toBeNull());
    fireEvent.mouseDown(field('city'));
    expect(await screen.findByTitle('南京市')).toBeTruthy();
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.values).toEqual({ province: 2, city: null });
  });

  it('edits a rows field as a sub-table: add, fill, reorder and remove rows', async () => {
    const sent = recordWrites();
    draw({ fields: ['items'] }, { record: supplierRecord({ items: [{ product: '螺丝', qty: 100, price: 25 }] }) });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['序号', '商品', '数量', '单价', '操作']);
    await userEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    await userEvent.type(field('items_1_product'), '螺母');
    await userEvent.type(field('items_1_qty'), '20');
    fireEvent.change(field('items_1_price'), { target: { value: '1.5' } });
    await userEvent.click(screen.getAllByRole('button', { name: '上移' })[1]);
    await waitFor(() => expect(field('items_0_product').value).toBe('螺母'));
    await userEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    await userEvent.click(screen.getAllByRole('button', { name: '删除' })[2]);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.values).toEqual({
      items: [
        { product: '螺母', qty: 20, price: 150 },
        { product: '螺丝', qty: 100, price: 25 },
      ],
    });
  });

  it('requires the required column of every row', async () => {
    const sent = recordWrites();
    draw({ fields: ['items'] });
    await userEvent.click(screen.getByRole('button', { name: /添加一行/ }));
    // A new row's money cell is empty, not ¥0.00.
    expect(field('items_0_price').value).toBe('');
    await save();
    expect(await screen.findByText('商品为必填项')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('draws a visible placeholder naming a widget nobody registered, and the rest of the form works', async () => {
    const sent = recordWrites();
    draw({ fields: ['name', 'remark'], uiSchema: { remark: { 'ui:widget': 'starRating' } } });
    expect(screen.getByRole('note').textContent).toBe('组件“starRating”未注册');
    await userEvent.type(field('name'), '甲');
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('loads dictionary items as the options of a dict field, leaving out disabled ones', async () => {
    mockServer.use(...dictionaryHandlers);
    draw({ fields: ['category'] }, { record: supplierRecord({ category: 'metal' }) });
    expect(await screen.findByTitle('五金')).toBeTruthy();
    fireEvent.mouseDown(field('category'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
  });

  it('speaks English when the console does', async () => {
    recordWrites();
    draw({ fields: ['name'] }, {}, testHost({ lang: 'en' }));
    expect(field('name').placeholder).toBe('Enter Name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
  });
});
