import useSWR, { type SWRConfiguration } from 'swr';
import { request } from './client';

/** An API read through swr: the route is the cache key, the answer's `data` the value. */
export function useApi<T>(route: string | null, config?: SWRConfiguration<T>) {
  return useSWR<T>(route, (url: string) => request<T>(url), config);
}
