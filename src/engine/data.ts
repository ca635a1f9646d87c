/**
 * Reads through the data provider and swr. Keys are stable arrays, so two parts of a screen asking
 * for the same page share one request, and a write can revalidate exactly the lists it touched.
 */
import { useLayoutEffect } from 'react';
import useSWR, { mutate, unstable_serialize, useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import type { HistoryEntry, ListPage, ResourceDefinition, ResourceRecord } from '../contract/resource';
import type { ResolvedScreen } from '../contract/screen';
import type { GetListParams } from '../widgets/interface/data-provider';
import { listKey } from './data-provider';
import { useEngineHost } from './host';

export const screenKey = (vuePath: string) => ['screen', vuePath] as const;
export const definitionKey = (name: string) => ['definition', name] as const;

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
  const { data } = useEngineHost();
  return useSWR<ResourceDefinition>(name ? definitionKey(name) : null, () => data.getDefinition({ resource: name! }), {
    revalidateOnFocus: false,
  });
}

/**
 * A list's page through swr; no params, no read. A page read ahead for it (the data provider's
 * prefetchList) that has arrived is drawn in the list's first render and goes into swr's cache as
 * the list mounts, before the browser paints. It is not put in the cache on arrival: arriving while
 * the screen's first render runs, that would change a store the render had read, and React would
 * draw the whole page a second time.
 */
export function useResourceList(params: GetListParams | undefined, config?: SWRConfiguration<ListPage>): SWRResponse<ListPage> {
  const { data: provider } = useEngineHost();
  const key = params ? listKey(params) : null;
  const serialized = unstable_serialize(key);
  const ahead = params && provider.aheadOf(params);
  const response = useSWR<ListPage>(key, () => provider.takeAhead(params!) ?? provider.getList(params!), {
    keepPreviousData: true,
    ...config,
    // The page read ahead is this visit's read: read again on mount, it would be in the frame
    // that first shows the list.
    ...(ahead ? { revalidateOnMount: false } : {}),
  });
  useLayoutEffect(() => {
    const page = params && provider.aheadOf(params, true);
    if (!page || !key) return;
    void mutate(key, page, { revalidate: false });
    // The key's serialised form stands for the key and the params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialized]);
  return ahead && ahead !== response.data ? withPage(response, ahead) : response;
}

/**
 * Whether a list's page shown is being read again (not its first load), for the marks that show it:
 * a reader of the list's own hook would redraw the whole list each time a revalidation starts and ends.
 */
export function useListRevalidating(params: GetListParams): boolean {
  // The list's own read (fetcher and all): swr revalidates a key through the first hook that subscribed to it.
  const { isValidating, isLoading } = useResourceList(params);
  return isValidating && !isLoading;
}

export function useRecord(name: string | undefined, id: number | null | undefined) {
  const { data } = useEngineHost();
  return useSWR<ResourceRecord>(name && id ? ['record', name, id] : null, () => data.getOne({ resource: name!, id: id! }));
}

export function useHistory(name: string | undefined, id: number | null | undefined) {
  const { data } = useEngineHost();
  return useSWR<HistoryEntry[]>(name && id ? ['history', name, id] : null, () => data.history({ resource: name!, id: id! }));
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
