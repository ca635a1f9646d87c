/**
 * 商品管理's routes: the team's categories and goods, a batch's preview and application, the past
 * batches and an undo. Reading needs goods:read, writing goods:write (and the goods resource's own
 * update permission, checked again by the resource layer). A seller works in their own team
 * (a team they name is not theirs to pick); an administrator names one. Arithmetic in management-rules.ts, SQL in management-store.ts, the
 * writes in management-apply.ts.
 */
import {
  GoodsApplyBody,
  GoodsBatch,
  GoodsBatchDetail,
  GoodsBatchPage,
  GoodsBatchParams,
  GoodsBatchQuery,
  GoodsManagementList,
  GoodsManagementListBody,
  GoodsManagementOverview,
  GoodsManagementTeamQuery,
  GoodsPreview,
  GoodsPreviewBody,
  type GoodsSelection,
} from '../../src/contract/api/goods-management';
import { Code } from '../../src/contract/envelope';
import { hasAccess } from '../../src/contract/permissions';
import type { DatabaseHandle } from '../db/open';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { resourceCaller, type ResourceCaller } from '../resources/caller';
import { resourceRegistry } from '../resources/definitions';
import { teamName } from './cashier-store';
import { applyBatch, assertBatchSize, undoBatch } from './management-apply';
import { categoryMoveRefusal, preview } from './management-rules';
import { batchGoods, batchPage, categoryCounts, categoryNames, countMatching, goodsPage, readBatch, readItems } from './management-store';
import { askedTeam, teamChoices } from '../auth/team-scope';

const TAGS = ['goods'];
const READ = { access: { permission: 'goods:read' } };
const WRITE = { access: { permission: 'goods:write' } };
const GOODS_PAGE = 20;

export async function goodsManagementRoutes(app: App, { database }: { database: DatabaseHandle }) {
  const { db, reads, dialect } = database;
  const registry = resourceRegistry(database);

  /**
   * The team worked in: an administrator's pick (null while none is made); anyone else's own. Naming
   * another team is refused, as 商品统计 refuses it, rather than quietly answered with their own.
   */
  const teamOf = (caller: ResourceCaller, asked: string | number | undefined) =>
    askedTeam(reads, caller.scope, asked, { foreign: () => new ApiError(Code.forbidden, 'forbidden'), unknown: () => new ApiError(Code.badRequest, 'teamNotFound') });

  async function teamNamed(caller: ResourceCaller, asked: string | number | undefined): Promise<number> {
    const team = await teamOf(caller, asked);
    if (team === null) throw new ApiError(Code.badRequest, 'goodsBatchNeedsTeam');
    return team;
  }

  /** The goods a selection takes, refused past the cap. */
  async function selected(team: number, selection: GoodsSelection) {
    if ('ids' in selection) {
      assertBatchSize(new Set(selection.ids).size);
      return batchGoods(reads, dialect, team, { ids: [...new Set(selection.ids)] });
    }
    const except = selection.except ?? [];
    assertBatchSize(await countMatching(reads, dialect, team, selection.filter, except));
    return batchGoods(reads, dialect, team, { filter: selection.filter, except });
  }

  app.get(
    '/api/goods/management/overview',
    {
      config: READ,
      schema: routeSchema({
        summary: "商品管理: the team's goods counted by status, per category and in all; whether the caller may apply batches; an administrator's teams to pick from",
        tags: TAGS,
        querystring: GoodsManagementTeamQuery,
        data: GoodsManagementOverview,
        auth: true,
      }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const team = await teamOf(caller, request.query.team_id);
      const can_apply = hasAccess(caller.access, 'goods:write');
      const teams = caller.scope === null ? await teamChoices(reads) : [];
      if (team === null) return ok({ team_id: null, team_name: null, teams, can_apply, total: 0, on_sale: 0, off_sale: 0, draft: 0, categories: [] });
      const [team_name, counts] = await Promise.all([teamName(reads, team), categoryCounts(reads, team)]);
      return ok({ team_id: team, team_name, teams, can_apply, ...counts });
    },
  );

  app.post(
    '/api/goods/management/goods',
    {
      config: READ,
      schema: routeSchema({ summary: "商品管理: a page of the team's goods a filter matches, newest first, and how many match", tags: TAGS, body: GoodsManagementListBody, data: GoodsManagementList, auth: true }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const team = await teamNamed(caller, request.body.team_id);
      return ok(await goodsPage(reads, dialect, team, request.body.filter, request.body.page ?? 1, request.body.pageSize ?? GOODS_PAGE));
    },
  );

  app.post(
    '/api/goods/management/preview',
    {
      config: READ,
      schema: routeSchema({
        summary: '商品管理: what a batch would make of each selected goods (before → after) with its warnings; changes nothing',
        tags: TAGS,
        body: GoodsPreviewBody,
        data: GoodsPreview,
        auth: true,
      }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const team = await teamNamed(caller, request.body.team_id);
      const { operation, selection } = request.body;
      let goods;
      if (operation.kind === 'rename_category' || operation.kind === 'merge_category') {
        const refusal = categoryMoveRefusal(operation, await categoryNames(reads, team));
        if (refusal) throw new ApiError(Code.badRequest, refusal.problem, refusal.params);
        goods = await selected(team, { filter: { category: operation.from } });
      } else {
        if (!selection) throw new ApiError(Code.badRequest, 'goodsBatchNoSelection');
        goods = await selected(team, selection);
      }
      if (goods.length === 0) throw new ApiError(Code.badRequest, 'goodsBatchNoneSelected');
      return ok(preview(goods, operation));
    },
  );

  /** A batch as the API shows it: without its team and the batch an undo undid. */
  const shown = ({ team_id: _team, undo_of: _of, ...batch }: NonNullable<Awaited<ReturnType<typeof readBatch>>>) => batch;
  const batchOf = async (id: number) => shown((await readBatch(db, id, null))!);

  app.post(
    '/api/goods/management/apply',
    {
      config: WRITE,
      schema: routeSchema({
        summary: "商品管理: applies a previewed batch to the team's goods in one transaction (each goods' history and log kept); a goods changed since the preview refuses it all",
        tags: TAGS,
        body: GoodsApplyBody,
        data: GoodsBatch,
        auth: true,
      }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const team = await teamNamed(caller, request.body.team_id);
      return ok(await batchOf(await applyBatch(db, registry, caller, team, request.body)));
    },
  );

  app.get(
    '/api/goods/management/batches',
    {
      config: READ,
      schema: routeSchema({ summary: "商品管理: the team's past batches, newest first", tags: TAGS, querystring: GoodsBatchQuery, data: GoodsBatchPage, auth: true }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const team = await teamNamed(caller, request.query.team_id);
      return ok(await batchPage(reads, team, Number(request.query.page ?? 1)));
    },
  );

  app.get(
    '/api/goods/management/batches/:id',
    {
      config: READ,
      schema: routeSchema({ summary: "商品管理: a batch with each goods' values before and after", tags: TAGS, params: GoodsBatchParams, data: GoodsBatchDetail, auth: true }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const batch = await readBatch(reads, Number(request.params.id), caller.scope);
      if (!batch) throw new ApiError(Code.notFound, 'goodsBatchNotFound');
      const items = await readItems(reads, batch.id);
      return ok({ batch: shown(batch), items: items.map(({ version_after: _version, ...item }) => item) });
    },
  );

  app.post(
    '/api/goods/management/batches/:id/undo',
    {
      config: WRITE,
      schema: routeSchema({
        summary: "商品管理: puts back what a batch changed, if none of its goods changed since; the undo is kept as a batch",
        tags: TAGS,
        params: GoodsBatchParams,
        data: GoodsBatch,
        auth: true,
      }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      return ok(await batchOf(await undoBatch(db, registry, caller, caller.scope, Number(request.params.id))));
    },
  );
}
