/**
 * Quoting's own reads beside the resource API, through the data provider's typed quoting calls
 * (never a URL of its own). swr keys start with "quoting" so they never meet the engine's.
 */
import useSWR from 'swr';
import { useWidgetHost } from '../interface/host';

export const handleFindKey = (name: string) => ['quoting', 'handlefind', name] as const;

/** The ask by its number, its photos and timeline, and the quotes the user may see. */
export function useHandleFind(name: string | undefined) {
  const { data } = useWidgetHost();
  return useSWR(name ? handleFindKey(name) : null, ([, , ask]) => data.quoting.handleFind(ask));
}
