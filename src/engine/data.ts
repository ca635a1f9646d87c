/**
 * Reads over the resource API through swr. Keys are stable arrays, so two parts of a screen asking
 * for the same page share one request, and a write can revalidate exactly the lists it touched.
 */
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import type { HistoryEntry, ListPage, ListQuery, ResourceDefinition, ResourceRecord } from '../contract/resource';
import type { ResolvedScreen } from '../contract/screen';
import { useEngineHost } from './host';

export const resourceUrl = (name: string, action: string) => `/api/resources/${encodeURIComponent(name)}/${action}`;

export function useResourceDefinition(name: string | undefined) {
  const { request } = useEngineHost();
  // The server serves a definition on GET (a read with nothing to send); a POST there is a 404.
  return useSWR<ResourceDefinition>(name ? ['definition', name] : null, () => request(resourceUrl(name!, 'definition'), undefined, { method: 'GET' }), {
    revalidateOnFocus: false,
  });
}

export function useResourceList(name: string | undefined, query: ListQuery, config?: SWRConfiguration<ListPage>) {
  const { request } = useEngineHost();
  return useSWR<ListPage>(name ? ['list', name, query] : null, () => request(resourceUrl(name!, 'list'), query), {
    keepPreviousData: true,
    ...config,
  });
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
  return useSWR<ResolvedScreen | null>(['screen', vuePath], () => request<ResolvedScreen | null>('/api/screens/resolve', { vue_path: vuePath }, { silent: true }), {
    revalidateOnFocus: false,
  });
}

/** Revalidates every cached read of a resource: its lists, records and history. */
export function useRevalidateResource() {
  const { mutate } = useSWRConfig();
  return (name: string) => mutate((key) => Array.isArray(key) && key[1] === name && key[0] !== 'definition');
}
