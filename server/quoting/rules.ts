/**
 * The pure part of quoting: which rule of a quoting team covers an ask, at what price, and why none
 * did. Rules are indexed once (by SKU, by category, by the first two characters of a keyword) so an
 * ask meets only the rules that could match it, never every rule.
 */
import type { Selectable } from 'kysely';
import type { QuoteRuleTable } from '../db/schema';

/** A rule as matching and pricing use it: its row, enabled as a boolean. */
export type QuoteRule = Omit<Selectable<QuoteRuleTable>, 'enabled' | 'version' | 'created_by' | 'created_at' | 'updated_at'> & { enabled: boolean };

export interface AskToMatch {
  goods_name: string;
  spec: string;
  sku: string;
  category: string;
  quantity: number;
}

/** What a team's rules make of an ask: a quote by one rule, or the reason none applied. */
export type Coverage =
  | { kind: 'quote'; rule: QuoteRule; price_fen: number }
  | { kind: 'none'; reason: string };

/** A keyword rule with its keyword normalized once, when the index is built. */
interface KeywordEntry {
  rule: QuoteRule;
  keyword: string;
}

export interface RuleIndex {
  bySku: Map<string, QuoteRule[]>;
  byCategory: Map<string, QuoteRule[]>;
  /** Keyword rules by their first two characters; one-character keywords under that character. */
  byGram: Map<string, KeywordEntry[]>;
  size: number;
}

function add<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

const norm = (text: string) => text.trim().toLowerCase();

export function indexRules(rules: QuoteRule[]): RuleIndex {
  const index: RuleIndex = { bySku: new Map(), byCategory: new Map(), byGram: new Map(), size: 0 };
  for (const rule of rules) {
    const value = norm(rule.match_value);
    if (!rule.enabled || !value) continue;
    index.size++;
    if (rule.match_type === 'sku') add(index.bySku, value, rule);
    else if (rule.match_type === 'category') add(index.byCategory, value, rule);
    else add(index.byGram, [...value].slice(0, 2).join(''), { rule, keyword: value });
  }
  return index;
}

/**
 * The rules whose goods an ask names (any team), most specific first: SKU, then category, then
 * keyword, in the order their first two characters first appear in the ask's text. This runs for
 * every ask against every quoting team's rules, so the text is normalized and joined once and each
 * keyword was normalized when indexed.
 */
export function candidates(index: RuleIndex, ask: AskToMatch): QuoteRule[] {
  const found: QuoteRule[] = [...(index.bySku.get(norm(ask.sku)) ?? []), ...(index.byCategory.get(norm(ask.category)) ?? [])];
  if (index.byGram.size === 0) return found;
  const text = norm(`${ask.goods_name} ${ask.spec}`);
  const chars = [...text];
  const seen = new Set<string>();
  const visit = (gram: string) => {
    if (seen.has(gram)) return;
    seen.add(gram);
    for (const entry of index.byGram.get(gram) ?? []) if (text.includes(entry.keyword)) found.push(entry.rule);
  };
  for (let i = 0; i < chars.length; i++) {
    visit(chars[i]);
    visit(chars[i] + (chars[i + 1] ?? ''));
  }
  return found;
}

/** A rule's unit price: cost × (1 + markup) or the fixed price, never below the floor. */
export function priceOf(rule: QuoteRule): number {
  const price = rule.price_mode === 'fixed' ? rule.fixed_fen : Math.round((rule.cost_fen * (100 + rule.markup_pct)) / 100);
  return Math.max(price, rule.floor_fen);
}

/** Why a matching rule does not quote this ask, or null when it does. */
export function refusalOf(rule: QuoteRule, ask: AskToMatch): string | null {
  if (rule.max_quantity > 0 && ask.quantity > rule.max_quantity) return `数量 ${ask.quantity} 超过规则「${rule.name}」的上限 ${rule.max_quantity}`;
  if (rule.stock > 0 && ask.quantity > rule.stock) return `规则「${rule.name}」可用库存 ${rule.stock} 不足`;
  if (priceOf(rule) <= 0) return `规则「${rule.name}」没有有效价格`;
  return null;
}

/** What one team's rules (its candidates among `matching`) make of an ask. */
export function coverageOf(matching: QuoteRule[], ask: AskToMatch): Coverage {
  if (matching.length === 0) return { kind: 'none', reason: '没有匹配的规则' };
  const reasons: string[] = [];
  for (const rule of matching) {
    const refusal = refusalOf(rule, ask);
    if (!refusal) return { kind: 'quote', rule, price_fen: priceOf(rule) };
    reasons.push(refusal);
  }
  return { kind: 'none', reason: reasons.join('；').slice(0, 255) };
}

/** Naive matching, for the benchmark's baseline: every rule against the ask. */
export function naiveCandidates(rules: QuoteRule[], ask: AskToMatch): QuoteRule[] {
  const text = norm(`${ask.goods_name} ${ask.spec}`);
  return rules.filter((rule) => {
    const value = norm(rule.match_value);
    if (!rule.enabled || !value) return false;
    if (rule.match_type === 'sku') return value === norm(ask.sku);
    if (rule.match_type === 'category') return value === norm(ask.category);
    return text.includes(value);
  });
}

/** When a quote stops holding. */
export function expiresAt(createdAt: number, validityHours: number): number {
  return createdAt + validityHours * 3600_000;
}

export const URGE_INTERVAL_MS = 30 * 60_000;

/** Minutes left before the teams may be urged again, or 0 when they may be now. */
export function urgeWait(urgedAt: number | null, now: number): number {
  if (urgedAt === null) return 0;
  const left = urgedAt + URGE_INTERVAL_MS - now;
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}
