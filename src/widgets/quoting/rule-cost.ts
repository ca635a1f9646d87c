/**
 * The cost a quoting team's own rules know for an ask's goods (the first enabled rule naming them
 * that keeps a cost), so the composer can show a margin without asking. Matching as the server's
 * rules do: SKU and category exactly, a keyword within the goods name and spec.
 */
import type { ResourceRecord } from '../../contract/resource';

export interface RuleCost {
  rule: string;
  cost_fen: number;
}

const norm = (value: unknown) => String(value ?? '').trim().toLowerCase();

export function costFromRules(rules: ResourceRecord[], ask: ResourceRecord): RuleCost | null {
  const text = norm(`${String(ask.goods_name ?? '')} ${String(ask.spec ?? '')}`);
  for (const rule of rules) {
    const value = norm(rule.match_value);
    const cost = Number(rule.cost_fen ?? 0);
    if (!value || !(cost > 0) || rule.enabled === false) continue;
    const names =
      rule.match_type === 'sku' ? value === norm(ask.sku) : rule.match_type === 'category' ? value === norm(ask.category) : text.includes(value);
    if (names) return { rule: String(rule.name), cost_fen: cost };
  }
  return null;
}
