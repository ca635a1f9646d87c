/**
 * One API for every resource, built-in or admin-defined: /api/resources/:name/… list, get, create,
 * update, delete, bulk-delete, history, export and import, and the definitions a console renders
 * screens from. Each route is open to any signed-in user; the resource's own permission codes,
 * team scope and field access decide the rest (server/resources/caller.ts).
 */
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type, type TSchema } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import {
  BulkDeleteBody,
  CreateBody,
  DeleteBody,
  IdBody,
  ListQuery,
  ResourceDefinition as ResourceDefinitionSchema,
  type ResourceRecord,
  TransitionBody,
  TransitionByIdBody,
  UpdateBody,
} from '../../src/contract/resource';
import {
  BulkDeleteAnswer,
  DefinitionList,
  ExportQuerystring,
  HistoryAnswer,
  ImportQuerystring,
  ImportReportSchema,
  ListAnswer,
  ResourceParams,
  ResourceRecordSchema,
  RowTeamsBody,
  ActionParams,
  TimelineAnswer,
  ChoicesAnswer,
  TransitionChoicesBody,
  TransitionParams,
} from '../../src/contract/api/resources';
import type { DatabaseHandle } from '../db/open';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { receiveFile } from '../http/multipart';
import { assertAction, definitionFor, mayTake, resourceCaller } from './caller';
import { resourceRegistry } from './definitions';
import { exportRecords } from './export';
import { readHistory } from './history';
import { IMPORT_MAX_MB, importRecords, type ImportMode, type UploadedFile } from './import';
import { getRecord, labelHistory, listRecords, readRow, type ResourceContext } from './read-records';
import { listQueryError } from './validation';
import { bulkDelete, createRecord, deleteRecord, updateRecord } from './write-records';
import type { ResourceStore, WrittenEvent } from './store';
import { keptCache } from './kept';
import { transitionChoices } from './transition-choices';
import { rowTeams } from './row-teams';
import { readTimeline, takeTransition } from './workflow';

const TAGS = ['resource'];
const SIGNED_IN = 'authenticated' as const;
const IMPORT_FIELD = 'file';

export interface ResourceRouteOptions {
  database: DatabaseHandle;
  /** Told of each create, update and transition once it committed. */
  onWritten?: (event: WrittenEvent) => void;
}

export async function resourceRoutes(app: App, { database, onWritten }: ResourceRouteOptions) {
  // Registered here, not on the whole server, so only these routes (and the avatar's) take multipart bodies.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_MB * 1024 * 1024, files: 1 } });
  const registry = resourceRegistry(database);
  const ctx: ResourceContext = { db: database.db, reads: database.reads, dialect: database.dialect, registry, kept: keptCache() };

  async function storeOf({ params }: { params: ResourceParams }): Promise<ResourceStore> {
    const store = await registry.get(params.name);
    if (!store) throw new ApiError(Code.notFound, 'resourceNotFound', { name: params.name });
    await store.hooks.refresh?.(database.db);
    return store;
  }

  function transitioned(store: ResourceStore, record: ResourceRecord): ResourceRecord {
    onWritten?.({ resource: store.definition.name, action: 'transition', record });
    return record;
  }

  const doc = <Body extends TSchema | undefined = undefined, Query extends TSchema | undefined = undefined>(
    summary: string,
    data: TSchema,
    extra: { body?: Body; querystring?: Query } = {},
  ) => routeSchema({ summary, tags: TAGS, params: ResourceParams, data, auth: true, ...extra });

  app.get(
    '/api/resources',
    {
      config: { access: SIGNED_IN },
      schema: routeSchema({ summary: 'The resources the caller may list, each without the fields hidden from them', tags: TAGS, data: DefinitionList, auth: true }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const stores = await registry.list();
      return ok({ rows: stores.filter((s) => mayTake(s.definition, caller, 'list')).map((s) => definitionFor(s.definition, caller)) });
    },
  );

  app.get(
    '/api/resources/:name/definition',
    { config: { access: SIGNED_IN }, schema: doc("A resource's definition without the fields hidden from the caller", ResourceDefinitionSchema) },
    async (request) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      if (!mayTake(store.definition, caller, 'list') && !mayTake(store.definition, caller, 'get')) throw new ApiError(Code.forbidden, 'forbidden');
      return ok(definitionFor(store.definition, caller));
    },
  );

  app.post(
    '/api/resources/:name/list',
    { config: { access: SIGNED_IN }, schema: doc('A page of records: filters, keyword, sort, total', ListAnswer, { body: ListQuery }) },
    async (request) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      assertAction(store, caller, 'list');
      return ok(await listRecords(ctx, store, caller, request.body ?? {}));
    },
  );

  app.post(
    '/api/resources/:name/get',
    { config: { access: SIGNED_IN }, schema: doc('One record', ResourceRecordSchema, { body: IdBody }) },
    async (request) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      assertAction(store, caller, 'get');
      return ok(await getRecord(ctx, store, caller, request.body.id));
    },
  );

  app.post(
    '/api/resources/:name/create',
    { config: { access: SIGNED_IN }, schema: doc('Create a record', ResourceRecordSchema, { body: CreateBody }) },
    async (request) => {
      const store = await storeOf(request);
      const record = await createRecord(ctx, store, await resourceCaller(request), request.body.values);
      onWritten?.({ resource: store.definition.name, action: 'create', record });
      return ok(record);
    },
  );

  app.post(
    '/api/resources/:name/update',
    {
      config: { access: SIGNED_IN },
      schema: doc('Change a record at the version it was read; a changed record answers 409', ResourceRecordSchema, { body: UpdateBody }),
    },
    async (request) => {
      const store = await storeOf(request);
      const record = await updateRecord(ctx, store, await resourceCaller(request), request.body);
      onWritten?.({ resource: store.definition.name, action: 'update', record });
      return ok(record);
    },
  );

  app.post(
    '/api/resources/:name/delete',
    { config: { access: SIGNED_IN }, schema: doc('Delete a record (at its version, when given)', Type.Null(), { body: DeleteBody }) },
    async (request) => {
      await deleteRecord(ctx, await storeOf(request), await resourceCaller(request), request.body.id, request.body.version);
      return ok(null);
    },
  );

  app.post(
    '/api/resources/:name/bulk-delete',
    { config: { access: SIGNED_IN }, schema: doc('Delete several records, all or none', BulkDeleteAnswer, { body: BulkDeleteBody }) },
    async (request) => ok({ deleted: await bulkDelete(ctx, await storeOf(request), await resourceCaller(request), request.body.ids) }),
  );

  app.post(
    '/api/resources/:name/teams',
    {
      config: { access: SIGNED_IN },
      schema: doc("The teams whose rows the caller may read (a list's team filter), by name, though they may not list teams", ChoicesAnswer, { body: RowTeamsBody }),
    },
    async (request) => {
      const store = await storeOf(request);
      return ok({ rows: await rowTeams(ctx, store, await resourceCaller(request), request.body?.keyword) });
    },
  );

  app.post(
    '/api/resources/:name/history',
    { config: { access: SIGNED_IN }, schema: doc("A record's changes with each field's value before and after, newest first", HistoryAnswer, { body: IdBody }) },
    async (request) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      assertAction(store, caller, 'get');
      // A workflow decides who reads a record, so its history needs the record to be there and visible.
      if (store.visibility && !(await readRow(ctx.db, store, request.body.id, caller, 'visible'))) throw new ApiError(Code.notFound, 'recordNotFound');
      const rows = await readHistory(ctx.db, store, request.body.id, caller);
      // Deleted records keep their history; an id the caller never could see has none for them.
      if (rows.length === 0 && !(await readRow(ctx.db, store, request.body.id, caller))) throw new ApiError(Code.notFound, 'recordNotFound');
      return ok({ rows: await labelHistory(ctx, store, caller, rows) });
    },
  );

  app.post(
    '/api/resources/:name/:id/actions/:action',
    {
      config: { access: SIGNED_IN },
      schema: routeSchema({
        summary: "Take a workflow transition: checked against the record's state, the caller's role and team; a stale state answers 409",
        tags: TAGS,
        params: TransitionParams,
        body: TransitionBody,
        data: ResourceRecordSchema,
        auth: true,
      }),
    },
    async (request) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      const { id, action } = request.params;
      return ok(transitioned(store, await takeTransition(ctx, store, caller, { id: Number(id), action, version: request.body?.version, params: request.body?.params })));
    },
  );

  app.post(
    '/api/resources/:name/:id/actions/:action/choices',
    {
      config: { access: SIGNED_IN },
      schema: routeSchema({
        summary: "The choices of a transition's param scoped to the record's team (a colleague to assign): for whoever may take the transition now",
        tags: TAGS,
        params: TransitionParams,
        body: TransitionChoicesBody,
        data: ChoicesAnswer,
        auth: true,
      }),
    },
    async (request) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      const { id, action } = request.params;
      return ok({ rows: await transitionChoices(ctx, store, caller, { id: Number(id), action, ...request.body }) });
    },
  );

  app.post(
    '/api/resources/:name/actions/:action',
    {
      config: { access: SIGNED_IN },
      schema: routeSchema({
        summary: 'The same transition with the record named in the body, as a screen\'s api action sends it',
        tags: TAGS,
        params: ActionParams,
        body: TransitionByIdBody,
        data: ResourceRecordSchema,
        auth: true,
      }),
    },
    async (request) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      return ok(transitioned(store, await takeTransition(ctx, store, caller, { ...request.body, action: request.params.action })));
    },
  );

  app.post(
    '/api/resources/:name/timeline',
    { config: { access: SIGNED_IN }, schema: doc("A workflow record's timeline: who took which transition, from which state, when", TimelineAnswer, { body: IdBody }) },
    async (request) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      assertAction(store, caller, 'get');
      if (!(await readRow(ctx.db, store, request.body.id, caller, 'visible'))) throw new ApiError(Code.notFound, 'recordNotFound');
      return ok({ rows: await readTimeline(ctx.db, store.definition.name, request.body.id) });
    },
  );

  app.get(
    '/api/resources/:name/export',
    {
      config: { access: SIGNED_IN },
      schema: {
        ...doc('Export the rows of a query as CSV or XLSX (streamed file; errors in the envelope)', Type.Null(), { querystring: ExportQuerystring }),
        description: 'Answers the file itself: header row of field titles in the caller\'s language, money in yuan, enums by label.',
      },
    },
    async (request, reply) => {
      const store = await storeOf(request);
      const caller = await resourceCaller(request);
      let query: unknown = {};
      if (request.query.query) {
        try {
          query = JSON.parse(request.query.query);
        } catch {
          throw new ApiError(Code.badRequest, 'exportQueryInvalid');
        }
      }
      const invalid = listQueryError(query, caller.lang);
      if (invalid) throw new ApiError(Code.badRequest, 'fieldInvalid', { field: invalid.path, reason: invalid.message });
      const file = await exportRecords(ctx, store, caller, query as ListQuery, request.query.format);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${store.definition.name}.${request.query.format}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  const uploaded = (request: FastifyRequest): Promise<UploadedFile> =>
    receiveFile(request, {
      field: IMPORT_FIELD,
      missing: () => new ApiError(Code.badRequest, 'importFileMissing'),
      tooLarge: () => new ApiError(Code.payloadTooLarge, 'importTooLarge', { mb: IMPORT_MAX_MB }),
    });

  const importDescription = `multipart/form-data with one file field \`${IMPORT_FIELD}\`: a CSV (UTF-8) or XLSX file of at most ${IMPORT_MAX_MB} MiB whose first row holds field titles or names.`;
  for (const [url, summary, preview] of [
    ['/api/resources/:name/import/preview', 'Read an import file and report what it would write, writing nothing', true],
    ['/api/resources/:name/import', 'Import a file: every row or none (mode=all), or only the valid rows (mode=valid)', false],
  ] as const) {
    app.post(
      url,
      {
        config: { access: SIGNED_IN },
        schema: { ...doc(summary, ImportReportSchema, { querystring: ImportQuerystring }), description: importDescription },
      },
      async (request) => {
        const store = await storeOf(request);
        const caller = await resourceCaller(request);
        assertAction(store, caller, 'import');
        const mode: ImportMode = preview ? 'preview' : (request.query.mode ?? 'all');
        return ok(await importRecords(ctx, store, caller, await uploaded(request), mode));
      },
    );
  }
}

