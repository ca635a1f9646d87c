/**
 * The manual queue as its users see it: staff assign a queued ask to a colleague picked from the
 * members of the row's team (the server lists them for that row and step; users are never read),
 * and a reader of several teams' rows sees each row's team, and may filter by it.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { sessionStore } from '../../../src/shell/auth/session';
import { ACTIONS_KEY, LABELS_KEY, type ResourceDefinition, type ResourceRecord } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';
import { appRegistry } from '../../../src/app-registry';
import { useWidgetHost } from '../../../src/widgets/interface/host';
import { renderWidget } from '../widgets/render-widget';
import { giveElementsASize, ok, openScreen, serveResource, serveScreen, signIn } from './screen-harness';

beforeAll(async () => {
  giveElementsASize();
  await appRegistry.formWidgets.load();
});

const label = (zh: string, en = zh) => ({ zh, en });

const queue: ResourceDefinition = {
  name: 'ask_queue',
  title: label('人工处理', 'Manual queue'),
  kind: 'builtin',
  labelField: 'status',
  teamScoped: true,
  version: 1,
  fields: [
    { name: 'ask_id', title: label('询价单'), type: 'lookup', lookup: { resource: 'price_asks', label: 'ask_no' } },
    { name: 'status', title: label('状态'), type: 'enum', readOnly: true, options: [{ value: 'open', label: label('待处理') }, { value: 'claimed', label: label('处理中') }] },
  ],
  workflow: {
    stateField: 'status',
    states: [
      { value: 'open', label: label('待处理') },
      { value: 'claimed', label: label('处理中') },
    ],
    transitions: [
      {
        name: 'assign',
        label: label('指派', 'Assign'),
        from: ['open'],
        to: 'claimed',
        params: [{ name: 'assignee_id', title: label('处理人'), type: 'lookup', required: true, lookup: { resource: 'users', label: 'name' }, choices: 'recordTeam' }],
      },
    ],
  },
};

const row = (id: number, team: number, teamName: string | undefined, actions: string[] = []): ResourceRecord =>
  ({
    id,
    version: 1,
    team_id: team,
    created_by: null,
    created_at: 1,
    updated_at: 1,
    ask_id: 100 + id,
    status: 'open',
    [LABELS_KEY]: { ask_id: `XJ00${id}`, ...(teamName ? { team_id: teamName } : {}) },
    [ACTIONS_KEY]: actions,
  }) as unknown as ResourceRecord;

describe('the manual queue', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    sessionStore.set(null);
  });

  it("assigns a row to a colleague picked from its team's members, searched on the server; users are never read", async () => {
    const members = [
      { value: 11, label: '周杰' },
      { value: 12, label: '吴芳' },
    ];
    const asked: Array<{ path: string; body: Record<string, unknown> }> = [];
    const sent: Record<string, unknown>[] = [];
    let usersRead = 0;
    mockServer.use(
      http.post('*/api/resources/ask_queue/:id/actions/assign/choices', async ({ request, params }) => {
        const body = (await request.json()) as { keyword?: string };
        asked.push({ path: String(params.id), body });
        return ok({ rows: members.filter((m) => !body.keyword || m.label.includes(body.keyword)) });
      }),
      http.post('*/api/resources/ask_queue/:id/actions/assign', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return ok({ ...row(5, 2, undefined), status: 'claimed', assignee_id: 12 });
      }),
      http.post('*/api/resources/users/list', () => {
        usersRead += 1;
        return HttpResponse.json({ code: 403, msg: '没有权限', data: null }, { status: 403 });
      }),
    );
    function Buttons({ record }: { record: ResourceRecord }) {
      const { TransitionButtons } = useWidgetHost();
      return <TransitionButtons definition={queue} record={record} />;
    }
    renderWidget(<Buttons record={row(5, 2, undefined, ['assign'])} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /指\s?派/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 8000 });
    const picker = await within(dialog).findByRole('combobox', {}, { timeout: 8000 });
    fireEvent.mouseDown(picker);
    expect(await screen.findByTitle('周杰')).toBeTruthy();
    expect(screen.getByTitle('吴芳')).toBeTruthy();
    expect(asked[0]).toEqual({ path: '5', body: { param: 'assignee_id' } });

    await user.type(picker, '吴');
    await waitFor(() => expect(asked.at(-1)!.body).toEqual({ param: 'assignee_id', keyword: '吴' }));
    await waitFor(() => expect(screen.queryByTitle('周杰')).toBeNull());
    fireEvent.click(screen.getByTitle('吴芳'));
    await user.click(within(dialog).getByRole('button', { name: /指\s?派/ }));
    await waitFor(() => expect(sent).toEqual([{ version: 1, params: { assignee_id: 12 } }]));
    expect(usersRead).toBe(0);
  });

  const list: Screen = {
    id: 'askprice/core/handle',
    version: 1,
    title: label('人工处理'),
    kind: 'list',
    resource: 'ask_queue',
    list: { columns: [{ field: 'ask_id' }, { field: 'team_id' }, { field: 'status' }], search: { fields: [{ field: 'team_id' }, { field: 'status' }] } },
  };

  it("names each row's team to a reader of several teams, and filters by the team picked from those the server lists for the resource, never reading teams", async () => {
    signIn();
    serveScreen('askprice/core/handle', list);
    const queries = serveResource({ ...queue, severalTeams: true }, [row(1, 2, '云仓报价组'), row(2, 4, '深圳现货云仓')]);
    const teamsAsked: Record<string, unknown>[] = [];
    let teamsRead = 0;
    const teams = [{ value: 2, label: '云仓报价组' }, { value: 4, label: '深圳现货云仓' }];
    mockServer.use(
      http.post('*/api/resources/ask_queue/teams', async ({ request }) => {
        const body = (await request.json()) as { keyword?: string };
        teamsAsked.push(body);
        return ok({ rows: teams.filter((t) => !body.keyword || t.label.includes(body.keyword)) });
      }),
      // A quoting team reading the market may not list teams.
      http.post('*/api/resources/teams/list', () => {
        teamsRead += 1;
        return HttpResponse.json({ code: 403, msg: '没有权限', data: null }, { status: 403 });
      }),
    );
    openScreen('askprice/core/handle');
    expect(await screen.findByText('深圳现货云仓', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('所属团队');
    expect(within(screen.getByText('XJ001').closest('tr')!).getByText('云仓报价组')).toBeTruthy();

    const search = screen.getAllByRole('combobox')[0]!;
    fireEvent.mouseDown(search);
    fireEvent.click(await screen.findByTitle('深圳现货云仓'));
    await userEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    await waitFor(() => expect(queries.at(-1)!.filters).toEqual([{ field: 'team_id', op: 'eq', value: 4 }]));
    expect(teamsAsked[0]).toEqual({});
    expect(teamsRead).toBe(0);
  });

  it('shows no team to a reader of their own team’s rows only', async () => {
    signIn();
    serveScreen('askprice/core/handle', list);
    serveResource(queue, [row(1, 2, undefined)]);
    openScreen('askprice/core/handle');
    expect(await screen.findByText('XJ001', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('所属团队');
    expect(screen.queryByText('所属团队')).toBeNull();
  });
});
