/**
 * Quoting live over /chat/ws: a new ask reaches the quoting teams (not another asking team), a
 * quote reaches the asker and never another quoting team, and no frame carries a price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { connectChat, type ChatClient } from '../support/chat-client';
import { resourceApi } from '../support/resources';
import type { QuotingAskContent, QuotingQuoteContent } from '../../src/contract/chat';

describe.each(DIALECTS)('quoting live on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const sockets: Record<string, ChatClient> = {};
  const passwords: Record<string, string> = { seller: 'seller123', staff: 'staff123' };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const user of ['seller', 'sunli', 'staff', 'zhengmin']) {
      tokens[user] = (await loginAs(server, user, passwords[user] ?? 'demo123456')).token;
      sockets[user] = await connectChat(server.url, tokens[user]);
    }
  });
  afterAll(async () => {
    for (const socket of Object.values(sockets)) await socket.close();
    await server.close();
  });

  it('pushes a new ask to the quoting teams and each quote to the asker only', async () => {
    const ask = (await resourceApi(server, 'price_asks').create(tokens.seller, { goods_name: '实木砧板', quantity: 40 })).body.data;
    const isAsk = (c: QuotingAskContent) => c.ask_id === ask.id;
    for (const user of ['staff', 'zhengmin', 'seller']) expect((await sockets[user].next<QuotingAskContent>('quoting.ask', isAsk)).content).toEqual({ ask_id: ask.id, ask_no: ask.ask_no, status: 'pending' });

    const quote = (await resourceApi(server, 'price_quotes').create(tokens.zhengmin, { ask_id: ask.id, quote_type: 'spot', price_fen: 2800, quantity: 40, delivery_days: 2 })).body.data;
    const isQuote = (c: QuotingQuoteContent) => c.quote_id === quote.id;
    const heard = await sockets.seller.next<QuotingQuoteContent>('quoting.quote', isQuote);
    expect(heard.content).toEqual({ ask_id: ask.id, ask_no: ask.ask_no, quote_id: quote.id, status: 'submitted' });
    await sockets.zhengmin.next<QuotingQuoteContent>('quoting.quote', isQuote);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sockets.sunli.all<QuotingAskContent>('quoting.ask').filter((f) => isAsk(f.content))).toEqual([]);
    expect(sockets.staff.all<QuotingQuoteContent>('quoting.quote').filter((f) => isQuote(f.content))).toEqual([]);
    // The price is in none of the seller's frames (their values: an ask number's date can hold "2800").
    expect(sockets.seller.frames.flatMap((frame) => Object.values(frame.content as object))).not.toContain(2800);
  });
});
