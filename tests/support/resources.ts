/** Calls of the resource API for server tests: one helper per route, answers in the envelope. */
import type { HistoryEntry, ListPage, ListQuery, ResourceDefinition, ResourceField, ResourceRecord } from '../../src/contract/resource';
import { call, type CallResult } from './server-harness';

type Server = { url: string };

export function resourceApi(server: Server, name: string) {
  const post = <T>(route: string, token: string, body: unknown, lang?: string): Promise<CallResult<T>> =>
    call<T>(server, `/api/resources/${name}/${route}`, { token, body, ...(lang ? { headers: { 'accept-language': lang } } : {}) });
  return {
    list: (token: string, query: ListQuery = {}) => post<ListPage>('list', token, query),
    get: (token: string, id: number) => post<ResourceRecord>('get', token, { id }),
    create: (token: string, values: Record<string, unknown>, lang?: string) => post<ResourceRecord>('create', token, { values }, lang),
    update: (token: string, id: number, version: number, values: Record<string, unknown>, lang?: string) =>
      post<ResourceRecord>('update', token, { id, version, values }, lang),
    remove: (token: string, id: number, version?: number) => post<null>('delete', token, version === undefined ? { id } : { id, version }),
    bulkDelete: (token: string, ids: number[]) => post<{ deleted: number }>('bulk-delete', token, { ids }),
    history: (token: string, id: number) => post<{ rows: HistoryEntry[] }>('history', token, { id }),
  };
}

/** Creates or changes an admin-defined resource through the designer's route. */
export function saveDefinition(server: Server, token: string, definition: Omit<ResourceDefinition, 'kind'> & { kind?: ResourceDefinition['kind'] }) {
  return call<ResourceDefinition>(server, '/api/resource-defs/save', { token, body: { definition: { kind: 'custom', ...definition } } });
}

export const f = (name: string, type: ResourceField['type'], zh: string, en: string, extra: Partial<ResourceField> = {}): ResourceField => ({
  name,
  title: { zh, en },
  type,
  ...extra,
});

/** Sends a file to an import route as a browser's form would. */
export async function upload(server: Server, route: string, token: string, file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> | string }) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(server.url + route, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as CallResult['body'] };
}
