/**
 * The data provider over the console's resource API: the one module that knows its URLs. Made once
 * by the shell around its request client, so the pages it reads ahead for a menu click live as long
 * as the console does, and the list that opens takes them instead of asking again.
 */
import { unstable_serialize } from 'swr';
import type { TimelineAnswer, ChoicesAnswer } from '../contract/api/resources';
import type { Filter, ListPage, ListQuery } from '../contract/resource';
import type { CrudFilter, DataProvider, GetListParams } from '../widgets/interface/data-provider';
import type { EngineHost } from './host';

const resourceUrl = (name: string, path: string) => `/api/resources/${encodeURIComponent(name)}/${path}`;
const RECON = '/api/reconciliation';
const QUOTING = '/api/quoting';
const DASHBOARD = '/api/dashboard';
const GOODS = '/api/goods';
const FILES = '/api/files';
/** A platform export can run to a hundred megabytes: its upload gets longer than a request's default. */
const UPLOAD_TIMEOUT_MS = 30 * 60_000;

/** `?a=1&b=2` of the parts of a query that are set, or nothing when none is. */
function searchOf(query: object): string {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return search ? `?${search}` : '';
}

/** The server filters by a flat list of conditions, all of which hold: `and` groups flatten into it. */
function flatFilters(filters: CrudFilter[]): Filter[] {
  return filters.flatMap((filter) => {
    if (!('operator' in filter)) return [filter];
    if (filter.operator === 'or') throw new Error('The resource API takes no "or" filter group yet');
    return flatFilters(filter.value);
  });
}

/** The server's query of a list's params (fields left out when not set, as the list's own key has them). */
export function listQueryOf({ pagination, sorters, filters, keyword }: GetListParams): ListQuery {
  return {
    ...(pagination?.page !== undefined ? { page: pagination.page } : {}),
    ...(pagination ? { pageSize: pagination.pageSize } : {}),
    ...(sorters?.length ? { sort: sorters } : {}),
    ...(filters?.length ? { filters: flatFilters(filters) } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

/** A list's params from the server's query a list builds (list/query.ts). */
export function listParamsOf(resource: string, { page, pageSize, sort, filters, keyword }: ListQuery): GetListParams {
  return {
    resource,
    ...(pageSize !== undefined ? { pagination: { page, pageSize } } : {}),
    ...(sort ? { sorters: sort } : {}),
    ...(filters ? { filters } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

/** The swr key a list's page is cached under, and read ahead under. */
export const listKey = (params: GetListParams) => ['list', params.resource, listQueryOf(params)] as const;

/**
 * How long a page read ahead waits to be read: a click's draw takes a fraction of it. Unread by
 * then, it is dropped, so a later visit never draws an old answer.
 */
const AHEAD_TTL_MS = 2_000;

interface ReadAhead {
  answer: Promise<ListPage>;
  /** The answer, once it has arrived. */
  page?: ListPage;
}

export function createDataProvider({ request, download }: Pick<EngineHost, 'request' | 'download'>): DataProvider {
  const ahead = new Map<string, ReadAhead>();
  const aheadKey = (params: GetListParams) => unstable_serialize(listKey(params));
  const silent = (meta: { silent?: boolean } | undefined) => (meta?.silent ? { silent: true } : undefined);
  const send = (action: 'import/preview' | 'import', resource: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return request<Awaited<ReturnType<DataProvider['import']>>>(resourceUrl(resource, action), body, { silent: true });
  };

  return {
    getList: (params) => request(resourceUrl(params.resource, 'list'), listQueryOf(params), silent(params.meta)),
    getOne: ({ resource, id, meta }) => request(resourceUrl(resource, 'get'), { id }, silent(meta)),
    // The server serves a definition on GET (a read with nothing to send); a POST there is a 404.
    getDefinition: ({ resource, meta }) => request(resourceUrl(resource, 'definition'), undefined, { method: 'GET', ...silent(meta) }),
    create: ({ resource, values, meta }) => request(resourceUrl(resource, 'create'), { values }, silent(meta)),
    update: ({ resource, id, version, values, meta }) => request(resourceUrl(resource, 'update'), { id, version, values }, silent(meta)),
    deleteOne: ({ resource, id, version, meta }) => request(resourceUrl(resource, 'delete'), { id, version }, silent(meta)),
    deleteMany: ({ resource, ids, meta }) => request(resourceUrl(resource, 'bulk-delete'), { ids }, silent(meta)),
    history: ({ resource, id, meta }) => request(resourceUrl(resource, 'history'), { id }, silent(meta)),
    export: ({ format, filename, ...params }) => {
      const query = encodeURIComponent(JSON.stringify(listQueryOf(params)));
      return download(`${resourceUrl(params.resource, 'export')}?format=${format}&query=${query}`, filename);
    },
    importPreview: ({ resource, file }) => send('import/preview', resource, file),
    import: ({ resource, file }) => send('import', resource, file),
    aggregate: ({ resource, meta, ...body }) => request(resourceUrl(resource, 'aggregate'), { ...body, filters: body.filters && flatFilters(body.filters) }, silent(meta)),
    action: ({ resource, id, action, version, params, meta }) =>
      request(resourceUrl(resource, `${id}/actions/${encodeURIComponent(action)}`), { version, params }, silent(meta)),
    transitionChoices: ({ resource, id, action, param, keyword, meta }) =>
      request<ChoicesAnswer>(resourceUrl(resource, `${id}/actions/${encodeURIComponent(action)}/choices`), { param, ...(keyword ? { keyword } : {}) }, silent(meta)).then(
        (answer) => answer.rows,
      ),
    rowTeams: ({ resource, keyword, meta }) =>
      request<ChoicesAnswer>(resourceUrl(resource, 'teams'), keyword ? { keyword } : {}, silent(meta)).then((answer) => answer.rows),
    timeline: ({ resource, id, meta }) => request<TimelineAnswer>(resourceUrl(resource, 'timeline'), { id }, silent(meta)).then((answer) => answer.rows),
    reconciliation: {
      startImport: ({ kind, shop, preview, file, onUploadProgress }) => {
        const body = new FormData();
        body.append('file', file);
        const query = new URLSearchParams({ kind, ...(shop ? { shop } : {}), preview: preview ? '1' : '0' });
        return request(`${RECON}/imports?${query}`, body, { silent: true, timeout: UPLOAD_TIMEOUT_MS, onUploadProgress });
      },
      importJob: (id) => request(`${RECON}/imports/${id}`, undefined, { method: 'GET', silent: true }),
      importHistory: () => request(`${RECON}/imports`, undefined, { method: 'GET' }),
      summary: (query) => request(`${RECON}/summary`, query),
      match: (body) => request(`${RECON}/match`, body),
      exportDifferences: (query, filename) => download(`${RECON}/differences/export${searchOf(query)}`, filename),
    },
    quoting: {
      handleFind: (name) => request(`${QUOTING}/handlefind?${new URLSearchParams({ name })}`, undefined, { method: 'GET', silent: true }),
      rulePreview: (rule) => request(`${QUOTING}/rule-preview`, rule, { silent: true }),
    },
    dashboard: {
      overview: (query) => request(`${DASHBOARD}/overview${searchOf(query)}`, undefined, { method: 'GET' }),
      workbench: () => request(`${DASHBOARD}/workbench`, undefined, { method: 'GET' }),
      // Silent: the wall display reads again every half minute; one failed read is not worth a toast.
      screen: (query) => request(`${DASHBOARD}/screen${searchOf(query)}`, undefined, { method: 'GET', silent: true }),
    },
    goods: {
      statistics: (query) => request(`${GOODS}/statistics${searchOf(query)}`, undefined, { method: 'GET', silent: true }),
      checkout: (body) => request(`${GOODS}/cashier/checkout`, body),
      cashierToday: () => request(`${GOODS}/cashier/today`, undefined, { method: 'GET', silent: true }),
      cashierSale: (id) => request(`${GOODS}/cashier/sales/${id}`, undefined, { method: 'GET' }),
      posters: (query) => request(`${GOODS}/posters${searchOf(query)}`, undefined, { method: 'GET', silent: true }),
      poster: (id) => request(`${GOODS}/posters/${id}`, undefined, { method: 'GET' }),
      createPoster: (body) => request(`${GOODS}/posters`, body),
      savePoster: (id, body) => request(`${GOODS}/posters/${id}`, body, { method: 'PUT', silent: true }),
      deletePoster: (id) => request(`${GOODS}/posters/${id}`, undefined, { method: 'DELETE' }),
      management: {
        overview: (query) => request(`${GOODS}/management/overview${searchOf(query)}`, undefined, { method: 'GET', silent: true }),
        goods: (body) => request(`${GOODS}/management/goods`, body, { silent: true }),
        preview: (body) => request(`${GOODS}/management/preview`, body),
        apply: (body) => request(`${GOODS}/management/apply`, body),
        batches: (query) => request(`${GOODS}/management/batches${searchOf(query)}`, undefined, { method: 'GET', silent: true }),
        batch: (id) => request(`${GOODS}/management/batches/${id}`, undefined, { method: 'GET' }),
        undo: (id) => request(`${GOODS}/management/batches/${id}/undo`, {}),
      },
    },
    files: {
      list: (query) => request(`${FILES}${searchOf(query)}`, undefined, { method: 'GET', silent: true }),
      folders: (query) => request(`${FILES}/folders${searchOf(query)}`, undefined, { method: 'GET', silent: true }),
      createFolder: (body) => request(`${FILES}/folders`, body, { silent: true }),
      changeFolder: (id, body) => request(`${FILES}/folders/${id}`, body, { method: 'PUT', silent: true }),
      deleteFolder: (id) => request(`${FILES}/folders/${id}`, undefined, { method: 'DELETE' }),
      upload: ({ file, query, onUploadProgress }) => {
        const body = new FormData();
        body.append('file', file);
        return request(`${FILES}/upload${searchOf(query)}`, body, { silent: true, timeout: UPLOAD_TIMEOUT_MS, onUploadProgress });
      },
      changeFile: (id, body) => request(`${FILES}/${id}`, body, { method: 'PUT', silent: true }),
      deleteFile: (id) => request(`${FILES}/${id}`, undefined, { method: 'DELETE' }),
      content: (id) => request(`${FILES}/${id}/download`, undefined, { method: 'GET', silent: true }),
      download: (id, name) => download(`${FILES}/${id}/download`, name),
    },

    prefetchList(params) {
      const key = aheadKey(params);
      const asked = ahead.get(key);
      if (asked) return asked.answer;
      const entry: ReadAhead = { answer: request<ListPage>(resourceUrl(params.resource, 'list'), listQueryOf(params)) };
      // The list reads a failure as its own; unread, it has been told already.
      entry.answer.then((page) => (entry.page = page)).catch(() => undefined);
      ahead.set(key, entry);
      setTimeout(() => {
        if (ahead.get(key) === entry) ahead.delete(key);
      }, AHEAD_TTL_MS);
      return entry.answer;
    },
    aheadOf(params, take = false) {
      // Asked on every render of every list: with nothing read ahead (nearly always), the key is not
      // serialised a second time (the list's own read serialises it once).
      if (ahead.size === 0) return undefined;
      const key = aheadKey(params);
      const page = ahead.get(key)?.page;
      if (page && take) ahead.delete(key);
      return page;
    },
    takeAhead(params) {
      if (ahead.size === 0) return undefined;
      const key = aheadKey(params);
      const entry = ahead.get(key);
      ahead.delete(key);
      return entry?.answer;
    },
  };
}
