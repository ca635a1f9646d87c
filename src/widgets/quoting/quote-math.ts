/**
 * The sums a quote's reader and writer see: a quote's total, how far a price is from the asker's
 * expected price, the margin over a known cost, which quote is cheapest and which is fastest, and
 * how long a quote still holds. Pure, in integer fen.
 */

export interface PriceGap {
  /** Price minus expected, per unit (fen). */
  fen: number;
  /** The same as a percentage of the expected price, one decimal. */
  pct: number;
}

export const totalOf = (priceFen: number, quantity: number): number => priceFen * quantity;

/** How a unit price stands against the expected one; null when nothing was expected. */
export function gapOf(priceFen: number, expectedFen: number | null): PriceGap | null {
  if (expectedFen === null || expectedFen <= 0) return null;
  const fen = priceFen - expectedFen;
  return { fen, pct: Math.round((fen / expectedFen) * 1000) / 10 };
}

/** Margin over the cost per unit and as a percentage of the price; null when the cost is unknown. */
export function marginOf(priceFen: number, costFen: number | null): PriceGap | null {
  if (costFen === null || costFen <= 0 || priceFen <= 0) return null;
  const fen = priceFen - costFen;
  return { fen, pct: Math.round((fen / priceFen) * 1000) / 10 };
}

export interface ComparableQuote {
  id: number;
  price_fen: number;
  delivery_days: number;
  status: string;
}

/**
 * The cheapest and the fastest among the quotes still in the running (submitted or accepted); ties
 * all share the mark. Nothing is marked when fewer than two compete.
 */
export function highlightsOf(quotes: ComparableQuote[]): { cheapest: Set<number>; fastest: Set<number> } {
  const live = quotes.filter((q) => q.status === 'submitted' || q.status === 'accepted');
  if (live.length < 2) return { cheapest: new Set(), fastest: new Set() };
  const low = Math.min(...live.map((q) => q.price_fen));
  const quick = Math.min(...live.map((q) => q.delivery_days));
  return {
    cheapest: new Set(live.filter((q) => q.price_fen === low).map((q) => q.id)),
    fastest: new Set(live.filter((q) => q.delivery_days === quick).map((q) => q.id)),
  };
}

/** Hours and minutes left until `until`; null once passed. */
export function timeLeft(until: number, now: number): { hours: number; minutes: number } | null {
  const left = until - now;
  if (left <= 0) return null;
  const minutes = Math.ceil(left / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Yuan typed in a form (two decimals at most) as integer fen; null when empty or not a number. */
export function fenOf(yuan: number | null | undefined): number | null {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return null;
  return Math.round(yuan * 100);
}
