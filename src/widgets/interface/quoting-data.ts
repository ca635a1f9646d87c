/**
 * Quoting's calls beside the resource API, as the data provider offers them to widgets: the ask
 * page behind a notice (/main/handlefind?name=<ask no>) and a rule's preview. The engine implements
 * them (src/engine/data-provider.ts), the one place that knows their URLs. Both are silent: the
 * widget that asks shows a refusal its own way.
 */
import type { HandleFindAnswer, RulePreviewAnswer, RulePreviewBody } from '../../contract/api/quoting';
import type { ResourceRecord } from '../../contract/resource';

/** The ask page's answer with its rows as the resource records they are (contract/api/quoting.ts says so). */
export interface AskPageAnswer extends Omit<HandleFindAnswer, 'ask' | 'quotes'> {
  ask: ResourceRecord;
  quotes: ResourceRecord[];
}

export interface QuotingData {
  /** The ask by its number, its photos and timeline, and the quotes the caller may see. */
  handleFind(name: string): Promise<AskPageAnswer>;
  /** What a rule being edited would quote on the open asks its team sees; nothing is written. */
  rulePreview(rule: RulePreviewBody): Promise<RulePreviewAnswer>;
}
