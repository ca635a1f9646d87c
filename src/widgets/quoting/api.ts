/**
 * Quoting's own reads beside the resource API, through the data provider (never a URL of its own):
 * the ask page behind a notice and a rule's preview. swr keys start with "quoting" so they never
 * meet the engine's.
 */
import useSWR from 'swr';
import type { HandleFindAnswer, RulePreviewAnswer, RulePreviewBody } from '../../contract/api/quoting';
import type { ResourceRecord } from '../../contract/resource';
import type { DataProvider } from '../interface/data-provider';
import { useWidgetHost } from '../interface/host';

export const handleFindKey = (name: string) => ['quoting', 'handlefind', name] as const;

/** The ask page's answer with its rows as the resource records they are (contract/api/quoting.ts says so). */
export interface AskAnswer extends Omit<HandleFindAnswer, 'ask' | 'quotes'> {
  ask: ResourceRecord;
  quotes: ResourceRecord[];
}

/** The ask by its number, its photos and timeline, and the quotes the user may see. */
export function useHandleFind(name: string | undefined) {
  const { data } = useWidgetHost();
  return useSWR(name ? handleFindKey(name) : null, ([, , ask]) =>
    data.custom<AskAnswer>({ path: 'quoting/handlefind', method: 'GET', query: { name: ask }, meta: { silent: true } }),
  );
}

export const previewRule = (data: DataProvider, rule: RulePreviewBody) =>
  data.custom<RulePreviewAnswer>({ path: 'quoting/rule-preview', body: rule, meta: { silent: true } });
