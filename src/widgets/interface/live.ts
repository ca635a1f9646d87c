/**
 * The live frames widgets may follow (the console hears them over /chat/ws). Each carries ids and
 * states only; a widget reads the rest through the data provider under the user's visibility.
 */
import type { QuotingAskContent, QuotingQuoteContent } from '../../contract/chat';

export interface LiveEvents {
  'quoting.ask': QuotingAskContent;
  'quoting.quote': QuotingQuoteContent;
}

export type LiveEvent = keyof LiveEvents;

export type LiveSubscribe = <E extends LiveEvent>(event: E, listener: (content: LiveEvents[E]) => void) => () => void;
