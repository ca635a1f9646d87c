/**
 * Reads over the resource API through swr. Keys are stable arrays, so two parts of a screen asking
 * for the same page share one request, and a write can revalidate exactly the lists it touched.
 */
import { useLayoutEffect } from 'react';
import useSWR, { mutate, unstable_serialize, useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
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

interface ReadAhead {
  answer: Promise<ListPage>;
  /** The answer, once it has arrived. */
  page?: ListPage;
}
const prefetched = new Map<string, ReadAhead>();

/**
 * Asks for a list's page before the list is drawn (a menu click), so the list's first render can
 * draw this visit's page; the list's own read then takes this answer instead of sending the same
 * request again. A failure is told as the list's own read would tell it, once. Answers the page.
 */
export function prefetchList(request: EngineHost['request'], name: string, query: ListQuery): Promise<ListPage> {
  const key = unstable_serialize(listKey(name, query));
  const asked = prefetched.get(key);
  if (asked) return asked.answer;
  const ahead: ReadAhead = { answer: request<ListPage>(resourceUrl(name, 'list'), query) };
  // The list reads a failure as its own; unread, it has been told already.
  ahead.answer.then((page) => (ahead.page = page)).catch(() => undefined);
  prefetched.set(key, ahead);
  setTimeout(() => {
    if (prefetched.get(key) === ahead) prefetched.delete(key);
  }, PREFETCH_TTL_MS);
  return ahead.answer;
}

function takePrefetched(key: string): Promise<ListPage> | undefined {
  const ahead = prefetched.get(key);
  prefetched.delete(key);
  return ahead?.answer;
}

/** A list's response with the page read ahead as its data; reading it still subscribes to swr's. */
function withPage(response: SWRResponse<ListPage>, page: ListPage): SWRResponse<ListPage> {
  return {
    get data() {
      void response.data;
      return page;
    },
    get error() {
      return response.error;
    },
    get isValidating() {
      return response.isValidating;
    },
    get isLoading() {
      return response.isLoading;
    },
    mutate: response.mutate,
  };
}

export function useResourceDefinition(name: string | undefined) {
  const { request } = useEngineHost();
  // The server serves a definition on GET (a read with nothing to send); a POST there is a 404.
  return useSWR<ResourceDefinition>(name ? definitionKey(name) : null, () => request(resourceUrl(name!, 'definition'), undefined, { method: 'GET' }), {
    revalidateOnFocus: false,
  });
}

/**
 * A list's page through swr. A page read ahead for it (prefetchList) that has arrived is drawn in
 * the list's first render and goes into swr's cache as the list mounts, before the browser paints.
 * It is not put in the cache on arrival: arriving while the screen's first render runs, that would
 * change a store the render had read, and React would draw the whole page a second time.
 */
export function useResourceList(name: string | undefined, query: ListQuery, config?: SWRConfiguration<ListPage>): SWRResponse<ListPage> {
  const { request } = useEngineHost();
  const key = name ? listKey(name, query) : null;
  const serialized = unstable_serialize(key);
  const ahead = prefetched.get(serialized)?.page;
  const response = useSWR<ListPage>(key, () => takePrefetched(serialized) ?? request(resourceUrl(name!, 'list'), query), {
    keepPreviousData: true,
    ...config,
    // The page read ahead is this visit's read: read again on mount, it would be in the frame
    // that first shows the list.
    ...(ahead ? { revalidateOnMount: false } : {}),
  });
  useLayoutEffect(() => {
    const page = prefetched.get(serialized)?.page;
    if (!page || !key) return;
    prefetched.delete(serialized);
    void mutate(key, page, { revalidate: false });
    // The key's serialised form stands for the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialized]);
  return ahead && ahead !== response.data ? withPage(response, ahead) : response;
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
