/**
 * Quoting told live over /chat/ws once a write committed: a new or changed ask reaches the quoting
 * teams' boards and queues and its asking team; a quote reaches the asking team and its own team.
 * Frames carry ids and states only, never a price, so a receiver learns the rest through the
 * resource API under its own visibility.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChatFrame, QuotingAskContent, QuotingQuoteContent } from '../../src/contract/chat';
import type { ChatHub } from '../chat/hub';
import type { WrittenEvent } from '../resources/store';
import { askById, quotesOfAsk, teamsOnAsk, usersOf } from './store';

const QUOTING = 2;
const OPERATION = 3;
const OPEN = new Set(['pending', 'quoted']);

type Deliver = Pick<ChatHub, 'deliver'>;

async function tellAsk(db: Kysely<Database>, hub: Deliver, askId: number, fresh: boolean): Promise<void> {
  const ask = await askById(db, askId);
  if (!ask) return;
  // An open ask is a market every quoting team sees; once decided, only the teams already on it hear.
  const teams = OPEN.has(ask.status) ? [ask.team_id] : [ask.team_id, ...(await teamsOnAsk(db, ask.id))];
  const types = OPEN.has(ask.status) ? [QUOTING, OPERATION] : [OPERATION];
  const content: QuotingAskContent = { ask_id: ask.id, ask_no: ask.ask_no, status: ask.status };
  hub.deliver(await usersOf(db, teams, types), { event: 'quoting.ask', content } satisfies ChatFrame<QuotingAskContent>);
  if (!fresh) return;
  // The rules may have quoted already: the asker sees those quotes arrive too.
  for (const quote of await quotesOfAsk(db, ask.id)) await tellQuote(db, hub, ask.id, quote.id, quote.team_id, quote.status);
}

async function tellQuote(db: Kysely<Database>, hub: Deliver, askId: number, quoteId: number, quoteTeam: number, status: string): Promise<void> {
  const ask = await askById(db, askId);
  if (!ask) return;
  const content: QuotingQuoteContent = { ask_id: ask.id, ask_no: ask.ask_no, quote_id: quoteId, status };
  hub.deliver(await usersOf(db, [ask.team_id, quoteTeam], [OPERATION]), { event: 'quoting.quote', content } satisfies ChatFrame<QuotingQuoteContent>);
}

/** What the resource API calls after each committed write. */
export function quotingLive(db: Kysely<Database>, hub: Deliver, log: FastifyBaseLogger): (event: WrittenEvent) => void {
  async function tell(event: WrittenEvent): Promise<void> {
    const { record } = event;
    switch (event.resource) {
      case 'price_asks':
        return tellAsk(db, hub, record.id, event.action === 'create');
      case 'price_quotes':
        await tellQuote(db, hub, Number(record.ask_id), record.id, record.team_id ?? 0, String(record.status));
        // Accepting a quote decides its ask: everyone on the ask hears the new state.
        if (event.action === 'transition') await tellAsk(db, hub, Number(record.ask_id), false);
        return;
      case 'ask_queue':
        return tellAsk(db, hub, Number(record.ask_id), false);
      default:
        return;
    }
  }
  return (event) => void tell(event).catch((err: unknown) => log.warn({ err }, 'quoting live update failed'));
}
