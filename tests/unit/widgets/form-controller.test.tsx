/**
 * The headless form controller widgets get through the widget host: values, validation by the
 * definition's JSON Schema with the console's words, the dirty state, saving at the version read, a
 * 409 kept as the conflict, and a refusal naming a field shown under it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import type { ResourceDefinition, ResourceRecord } from '../../../src/contract/resource';
import { useWidgetHost } from '../../../src/widgets/interface/host';
import { renderWidget } from './render-widget';

const label = (zh: string) => ({ zh, en: zh });

const supplier: ResourceDefinition = {
  name: 'suppliers',
  title: label('供应商'),
  kind: 'builtin',
  labelField: 'name',
  teamScoped: true,
  version: 1,
  fields: [
    { name: 'name', title: label('供应商名称'), type: 'string', required: true, maxLength: 20 },
    { name: 'credit_days', title: label('账期天数'), type: 'integer', minimum: 0, maximum: 180 },
  ],
};

const stored = { id: 9, version: 3, team_id: 1, created_by: 1, created_at: 1, updated_at: 1, name: '义乌小商品城', credit_days: 30 } as ResourceRecord;

/** A bespoke editor drawn its own way: two plain inputs and a save button. */
function SupplierEditor({ record }: { record?: ResourceRecord }) {
  const { useFormController } = useWidgetHost();
  const form = useFormController({ definition: supplier, record, fields: ['name', 'credit_days'] });
  return (
    <form onSubmit={(event) => (event.preventDefault(), void form.save())}>
      <input aria-label="名称" value={String(form.values.name ?? '')} onChange={(e) => form.setValue('name', e.target.value)} />
      <span>{form.errors.name}</span>
      <input aria-label="账期" value={String(form.values.credit_days ?? '')} onChange={(e) => form.setValue('credit_days', e.target.value === '' ? undefined : Number(e.target.value))} />
      <span>{form.errors.credit_days}</span>
      <p>{form.dirty ? '有修改' : '无修改'}</p>
      {form.conflict && <p role="alert">{form.conflict}</p>}
      {form.formError && <p role="alert">{form.formError}</p>}
      <button type="submit">保存</button>
    </form>
  );
}

describe('the headless form controller', { timeout: 30_000 }, () => {
  // The validator loads on a form's first validation; loaded here, the waits below are about the form.
  beforeAll(() => import('../../../src/engine/form/validator'), 30_000);

  it('validates by the definition before sending anything, in the console’s words', async () => {
    const sent: unknown[] = [];
    mockServer.use(http.post('*/api/resources/suppliers/create', async ({ request }) => (sent.push(await request.json()), HttpResponse.json({ code: 200, msg: 'ok', data: stored }))));
    renderWidget(<SupplierEditor />);
    const user = userEvent.setup();
    expect(screen.getByText('无修改')).toBeTruthy();
    await user.type(screen.getByLabelText('账期'), '365');
    expect(screen.getByText('有修改')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('供应商名称为必填项')).toBeTruthy();
    expect(screen.getByText(/180/)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('名称'), '  温州鞋材  ');
    await user.clear(screen.getByLabelText('账期'));
    await user.type(screen.getByLabelText('账期'), '45');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(sent).toEqual([{ values: { name: '  温州鞋材  ', credit_days: 45 } }]));
    await waitFor(() => expect(screen.getByText('无修改')).toBeTruthy());
  });

  it('saves at the version read; a 409 is kept as the conflict, a refusal naming a field goes under it', async () => {
    const answers = [
      HttpResponse.json({ code: 409, msg: '「义乌小商品城」已被 王芳 修改，请刷新后重试', data: null }, { status: 409 }),
      HttpResponse.json({ code: 400, msg: '字段校验失败：values.name 已存在同名供应商', data: null }, { status: 400 }),
    ];
    const sent: unknown[] = [];
    mockServer.use(http.post('*/api/resources/suppliers/update', async ({ request }) => (sent.push(await request.json()), answers.shift()!)));
    renderWidget(<SupplierEditor record={stored} />);
    const user = userEvent.setup();
    expect((screen.getByLabelText<HTMLInputElement>('名称')).value).toBe('义乌小商品城');
    await user.type(screen.getByLabelText('名称'), '二部');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('「义乌小商品城」已被 王芳 修改，请刷新后重试')).toBeTruthy();
    expect(sent[0]).toEqual({ id: 9, version: 3, values: { name: '义乌小商品城二部', credit_days: 30 } });
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('供应商名称 已存在同名供应商')).toBeTruthy();
    expect(screen.getByText('有修改')).toBeTruthy();
  });
});
