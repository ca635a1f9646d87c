/**
 * Workflow transitions drawn by the engine: the buttons a record's reader may take (the server's
 * `_actions`), in a list's rows and through the widget host; a confirm asks first; params open a
 * small form whose values are sent; a 409 says so and reads the list again; other refusals show the
 * server's words.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { sessionStore } from '../../../src/shell/auth/session';
import { ACTIONS_KEY, type ResourceDefinition, type ResourceRecord } from '../../../src/contract/resource';
import type { Action, Screen } from '../../../src/contract/screen';
import { useWidgetHost } from '../../../src/widgets/interface/host';
import { renderWidget } from '../widgets/render-widget';
import { giveElementsASize, ok, openScreen, serveResource, serveScreen, signIn } from './screen-harness';

beforeAll(giveElementsASize);

const label = (zh: string, en = zh) => ({ zh, en });

const asks: ResourceDefinition = {
  name: 'price_asks',
  title: label('询价单', 'Price asks'),
  kind: 'builtin',
  labelField: 'goods_name',
  teamScoped: true,
  version: 1,
  fields: [
    { name: 'goods_name', title: label('商品名称'), type: 'string' },
    {
      name: 'status',
      title: label('状态'),
      type: 'enum',
      readOnly: true,
      options: [
        { value: 'pending', label: label('待报价') },
        { value: 'closed', label: label('已关闭') },
      ],
    },
  ],
  workflow: {
    stateField: 'status',
    states: [
      { value: 'pending', label: label('待报价') },
      { value: 'closed', label: label('已关闭') },
    ],
    transitions: [
      { name: 'close', label: label('关闭询价', 'Close'), from: ['pending'], to: 'closed', confirm: label('关闭后报价方不能再报价，确定关闭？') },
      {
        name: 'addprice',
        label: label('加价', 'Raise price'),
        from: ['pending'],
        params: [{ name: 'price_fen', title: label('新的期望单价'), type: 'money', required: true, minimum: 1 }],
      },
      { name: 'reask', label: label('再次询价'), from: ['closed'] },
    ],
  },
};

const ask = (id: number, goods: string, status: string, actions: string[] | undefined, version = 1): ResourceRecord =>
  ({ id, version, team_id: 3, created_by: 7, created_at: 1, updated_at: 1, goods_name: goods, status, ...(actions ? { [ACTIONS_KEY]: actions } : {}) }) as unknown as ResourceRecord;

/** Answers every transition sent with `answer`, and keeps what was sent. */
function serveActions(answer: (action: string, body: Record<string, unknown>) => Response) {
  const sent: Array<{ id: string; action: string; body: Record<string, unknown> }> = [];
  mockServer.use(
    http.post('*/api/resources/price_asks/:id/actions/:action', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ id: String(params.id), action: String(params.action), body });
      return answer(String(params.action), body);
    }),
  );
  return sent;
}

/** The asks' list screen with these row actions. */
const askList = (rowActions: Action[]): Screen => ({
  id: 'askprice/mine',
  version: 1,
  title: label('我的询价'),
  kind: 'list',
  resource: 'price_asks',
  list: { columns: [{ field: 'goods_name' }, { field: 'status' }], rowActions },
});
/** A row's buttons by their text, or their accessible name when they have none (the "more" icon). */
const names = (tr: HTMLElement) => within(tr).getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'));
const VIEW: Action = { key: 'view', kind: 'view', label: label('详情') };
const EDIT: Action = { key: 'edit', kind: 'edit', label: label('编辑') };

const refuse = (code: number, msg: string) => HttpResponse.json({ code, msg, data: null }, { status: code });

describe('workflow transitions', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
  });

  it('offers in each row what the server allows its reader, confirms, and reads the list again after', async () => {
    signIn();
    const rows = [ask(1, '手工皂礼盒', 'pending', ['close', 'addprice']), ask(2, '竹制餐具套装', 'closed', ['reask']), ask(3, '陶瓷马克杯', 'pending', [])];
    const list: Screen = { id: 'askprice/mine', version: 1, title: label('我的询价'), kind: 'list', resource: 'price_asks', list: { columns: [{ field: 'goods_name' }, { field: 'status' }] } };
    serveScreen('askprice/mine', list);
    const queries = serveResource(asks, rows);
    const sent = serveActions(() => ok(ask(1, '手工皂礼盒', 'closed', ['reask'], 2)));
    openScreen('askprice/mine');
    const row = (await screen.findByText('手工皂礼盒', undefined, { timeout: 8000 })).closest('tr')!;
    expect(within(row).getAllByRole('button').map((b) => b.textContent)).toEqual(['关闭询价', '加价']);
    expect(within(screen.getByText('竹制餐具套装').closest('tr')!).getAllByRole('button').map((b) => b.textContent)).toEqual(['再次询价']);
    expect(within(screen.getByText('陶瓷马克杯').closest('tr')!).queryAllByRole('button')).toEqual([]);

    const user = userEvent.setup();
    const reads = queries.length;
    await user.click(within(row).getByRole('button', { name: '关闭询价' }));
    // Nothing is sent before the user confirms.
    expect(await screen.findByText('关闭后报价方不能再报价，确定关闭？')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(sent).toEqual([{ id: '1', action: 'close', body: { version: 1 } }]));
    expect(await screen.findByText('已关闭询价')).toBeTruthy();
    await waitFor(() => expect(queries.length).toBeGreaterThan(reads));
  });

  it('keeps a row to three links: the screen’s row actions first, the transitions that do not fit under “more”', async () => {
    signIn();
    const urging: ResourceDefinition = { ...asks, workflow: { ...asks.workflow!, transitions: [...asks.workflow!.transitions, { name: 'urge', label: label('催报价'), from: ['pending'] }] } };
    serveScreen('askprice/mine', askList([VIEW, EDIT]));
    serveResource(urging, [ask(1, '手工皂礼盒', 'pending', ['close', 'addprice', 'urge']), ask(2, '竹制餐具套装', 'closed', ['reask'])]);
    const sent = serveActions(() => ok(ask(1, '手工皂礼盒', 'pending', ['close', 'addprice', 'urge'], 2)));
    openScreen('askprice/mine');
    const row = (await screen.findByText('手工皂礼盒', undefined, { timeout: 8000 })).closest('tr')!;
    // Two slots to the screen's actions, one left: three transitions do not fit in it.
    expect(names(row)).toEqual(['详情', '编辑', '更多']);
    // One transition fits in the slot left.
    expect(names(screen.getByText('竹制餐具套装').closest('tr')!)).toEqual(['详情', '编辑', '再次询价']);

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: '更多' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['关闭询价', '加价', '催报价']);
    await user.click(screen.getByRole('menuitem', { name: '催报价' }));
    await waitFor(() => expect(sent).toEqual([{ id: '1', action: 'urge', body: { version: 1 } }]));
  });

  it('keeps one “more” menu a row: the screen’s actions that do not fit lead it, the transitions follow', async () => {
    signIn();
    const list = askList([
      VIEW,
      EDIT,
      { key: 'delete', kind: 'delete', label: label('删除'), danger: true },
      { key: 'remind', kind: 'api', label: label('提醒报价方'), url: '/api/price-asks/remind', body: { id: { var: 'record.id' } } },
    ]);
    serveScreen('askprice/mine', list);
    serveResource(asks, [ask(1, '手工皂礼盒', 'pending', ['close', 'addprice'])]);
    const reminded: unknown[] = [];
    mockServer.use(http.post('*/api/price-asks/remind', async ({ request }) => (reminded.push(await request.json()), ok({}))));
    const sent = serveActions(() => ok(ask(1, '手工皂礼盒', 'closed', ['reask'], 2)));
    openScreen('askprice/mine');
    const row = (await screen.findByText('手工皂礼盒', undefined, { timeout: 8000 })).closest('tr')!;
    expect(names(row)).toEqual(['详情', '编辑', '更多']);

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: '更多' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['删除', '提醒报价方', '关闭询价', '加价']);
    await user.click(screen.getByRole('menuitem', { name: '提醒报价方' }));
    await waitFor(() => expect(reminded).toEqual([{ id: 1 }]));
    expect(sent).toEqual([]);
  });

  it('says a record changed meanwhile (409) and reads the list again; shows any other refusal in the server’s words', async () => {
    signIn();
    const list: Screen = { id: 'askprice/mine', version: 1, title: label('我的询价'), kind: 'list', resource: 'price_asks', list: { columns: [{ field: 'goods_name' }] } };
    serveScreen('askprice/mine', list);
    const queries = serveResource(asks, [ask(2, '竹制餐具套装', 'closed', ['reask'])]);
    let answer = refuse(409, '「竹制餐具套装」已被 王芳 于 10:02 修改，请刷新后重试');
    serveActions(() => answer.clone());
    openScreen('askprice/mine');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: '再次询价' }, { timeout: 8000 });
    const reads = queries.length;
    await user.click(button);
    expect(await screen.findByText('记录已被他人更新，已为您刷新：「竹制餐具套装」已被 王芳 于 10:02 修改，请刷新后重试')).toBeTruthy();
    await waitFor(() => expect(queries.length).toBeGreaterThan(reads));

    answer = refuse(429, '催报价太频繁，请 12 分钟后再试');
    await user.click(await screen.findByRole('button', { name: '再次询价' }));
    expect(await screen.findByText('催报价太频繁，请 12 分钟后再试')).toBeTruthy();
  });

  it('asks for a transition’s params in a small form, checks them, and sends them (through the widget host)', async () => {
    const sent = serveActions((_action, body) => {
      const price = (body.params as { price_fen?: number } | undefined)?.price_fen;
      return price && price < 3000 ? refuse(400, '新的期望单价须高于原价 30.00 元') : ok(ask(1, '手工皂礼盒', 'pending', ['close', 'addprice'], 2));
    });
    function AskPage({ record }: { record: ResourceRecord }) {
      const { TransitionButtons } = useWidgetHost();
      return <TransitionButtons definition={asks} record={record} />;
    }
    renderWidget(<AskPage record={ask(1, '手工皂礼盒', 'pending', ['close', 'addprice'], 4)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /加\s?价/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 });
    const input = await within(dialog).findByRole('spinbutton', {}, { timeout: 8000 });
    // Required: nothing is sent empty.
    await user.click(within(dialog).getByRole('button', { name: /加\s?价/ }));
    expect(await within(dialog).findByText('新的期望单价为必填项')).toBeTruthy();
    expect(sent).toEqual([]);

    // The server's refusal stays in the form, in its words.
    await user.type(input, '25');
    await user.click(within(dialog).getByRole('button', { name: /加\s?价/ }));
    expect(await within(dialog).findByText('新的期望单价须高于原价 30.00 元')).toBeTruthy();
    expect(sent[0]).toEqual({ id: '1', action: 'addprice', body: { version: 4, params: { price_fen: 2500 } } });

    await user.clear(input);
    await user.type(input, '32.5');
    await user.click(within(dialog).getByRole('button', { name: /加\s?价/ }));
    expect(await screen.findByText('已加价')).toBeTruthy();
    expect(sent[1]!.body).toEqual({ version: 4, params: { price_fen: 3250 } });
  });

  it('leaves out a transition the screen already offers as an action of its own', () => {
    function Buttons({ record }: { record: ResourceRecord }) {
      const { TransitionButtons } = useWidgetHost();
      return <TransitionButtons definition={asks} record={record} skip={['close']} />;
    }
    renderWidget(<Buttons record={ask(1, '手工皂礼盒', 'pending', ['close', 'addprice'])} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['加价']);
  });

  it('offers a bespoke widget the headless transitions: what may be taken, and taking one', async () => {
    const sent = serveActions(() => ok(ask(1, '手工皂礼盒', 'closed', ['reask'], 2)));
    const taken: string[] = [];
    function Plain({ record }: { record: ResourceRecord }) {
      const { useTransitions } = useWidgetHost();
      const { offered, take, pending } = useTransitions(asks, record);
      return (
        <ul>
          {offered.map((o) => (
            <li key={o.name}>
              <button type="button" onClick={() => void take(o.name).then((r) => taken.push(String(r.status)))}>
                {`${o.label}${o.params.length ? '…' : ''}${pending === o.name ? '（发送中）' : ''}`}
              </button>
            </li>
          ))}
        </ul>
      );
    }
    renderWidget(<Plain record={ask(1, '手工皂礼盒', 'pending', ['addprice', 'close'])} />);
    // In the workflow's order, whatever order the server listed them in.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['关闭询价', '加价…']);
    await userEvent.setup().click(screen.getByRole('button', { name: '关闭询价' }));
    await waitFor(() => expect(taken).toEqual(['closed']));
    expect(sent).toEqual([{ id: '1', action: 'close', body: { version: 1 } }]);
    cleanup();
    // A record read without its transitions offers none.
    renderWidget(<Plain record={ask(1, '手工皂礼盒', 'pending', undefined)} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
