/**
 * Reads over the resource API through swr. Keys are stable arrays, so two parts of a screen asking
 * for the same page share one request, and a write can revalidate exactly the lists it touched.
 */
import useSWR, { mutate, unstable_serialize, useSWRConfig, type SWRConfiguration } from 'swr';
import type { HistoryEntry, ListPage, ListQuery, ResourceDefinition, ResourceRecord } from '../contract/resource';
import type { ResolvedScreen } from '../contract/screen';
import { useEngineHost, type EngineHost } from './host';

export const resourceUrl = (name: string, action: string) => `/api/resources/${encodeURIComponent(name)}/${action}`;

export const screenKey = (vuePath: string) => ['screen', vuePath] as const;
export const definitionKey = (name: string) => ['definition', name] as const;
const listKey = (name: string, query: ListQuery) => ['list', name, query] as const;

/**
 * How long a page asked for ahead of its list (prefetchList) waits to be read: a click's draw takes
 * a fraction of it. Unread by then, it is dropped, so a later visit never draws an old answer.
 */
const PREFETCH_TTL_MS = 2_000;
const prefetched = new Map<string, Promise<ListPage>>();

/**
 * Asks for a list's page before the list is drawn (a menu click, while the screen renders), so the
 * request runs alongside the drawing; the list's own read then takes this answer instead of
 * sending the same request again. A failure is told as the list's own read would tell it, once.
 */
export function prefetchList(request: EngineHost['request'], name: string, query: ListQuery): void {
  const key = unstable_serialize(listKey(name, query));
  if (prefetched.has(key)) return;
  const answer = request<ListPage>(resourceUrl(name, 'list'), query);
  // In swr's cache as soon as it arrives, so a list that mounts after draws it in its first render;
  // the list's own read then takes the same answer and has nothing to redraw. The list reads a
  // failure as its own; unread, it has been told already.
  answer.then((page) => mutate(listKey(name, query), page, { revalidate: false })).catch(() => undefined);
  prefetched.set(key, answer);
  setTimeout(() => {
    if (prefetched.get(key) === answer) prefetched.delete(key);
  }, PREFETCH_TTL_MS);
}

function takePrefetched(key: string): Promise<ListPage> | undefined {
  const answer = prefetched.get(key);
  prefetched.delete(key);
  return answer;
}

export function useResourceDefinition(name: string | undefined) {
  const { request } = useEngineHost();
  // The server serves a definition on GET (a read with nothing to send); a POST there is a 404.
  return useSWR<ResourceDefinition>(name ? definitionKey(name) : null, () => request(resourceUrl(name!, 'definition'), undefined, { method: 'GET' }), {
    revalidateOnFocus: false,
  });
}

export function useResourceList(name: string | undefined, query: ListQuery, config?: SWRConfiguration<ListPage>) {
  const { request } = useEngineHost();
  const key = name ? listKey(name, query) : null;
  return useSWR<ListPage>(key, () => takePrefetched(unstable_serialize(key)) ?? request(resourceUrl(name!, 'list'), query), {
    keepPreviousData: true,
    ...config,
  });
}

/**
 * Whether a list's page shown is being read again (not its first load), for the marks that show it:
 * a reader of the list's own hook would redraw the whole list each time a revalidation starts and ends.
 */
export function useListRevalidating(name: string, query: ListQuery): boolean {
  // The list's own read (fetcher and all): swr revalidates a key through the first hook that subscribed to it.
  const { isValidating, isLoading } = useResourceList(name, query);
  return isValidating && !isLoading;
}

export function useRecord(name: string | undefined, id: number | null | undefined) {
  const { request } = useEngineHost();
  return useSWR<ResourceRecord>(name && id ? ['record', name, id] : null, () => request(resourceUrl(name!, 'get'), { id }));
}

export function useHistory(name: string | undefined, id: number | null | undefined) {
  const { request } = useEngineHost();
  return useSWR<HistoryEntry[]>(name && id ? ['history', name, id] : null, () => request(resourceUrl(name!, 'history'), { id }));
}

export function useResolvedScreen(vuePath: string) {
  const { request } = useEngineHost();
  return useSWR<ResolvedScreen | null>(screenKey(vuePath), () => request<ResolvedScreen | null>('/api/screens/resolve', { vue_path: vuePath }, { silent: true }), {
    revalidateOnFocus: false,
  });
}

/** Revalidates every cached read of a resource: its lists, records and history. */
export function useRevalidateResource() {
  const { mutate } = useSWRConfig();
  return (name: string) => mutate((key) => Array.isArray(key) && key[1] === name && key[0] !== 'definition');
}
