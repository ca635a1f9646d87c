/**
 * A rule as the editor holds it (money in yuan, as typed) and as the server takes it (in fen): one
 * conversion each way, so the form, the save and the preview agree.
 */
import type { RulePreviewBody } from '../../contract/api/quoting';
import type { ResourceRecord } from '../../contract/resource';
import { fenOf } from './quote-math';

export interface RuleForm {
  name: string;
  match_type: 'keyword' | 'sku' | 'category';
  match_value: string;
  price_mode: 'markup' | 'fixed';
  cost_yuan: number | null;
  markup_pct: number | null;
  fixed_yuan: number | null;
  floor_yuan: number | null;
  stock: number | null;
  max_quantity: number | null;
  delivery_days: number | null;
  validity_hours: number | null;
  quote_type: 'spot' | 'transfer';
  enabled: boolean;
}

export const NEW_RULE: RuleForm = {
  name: '',
  match_type: 'keyword',
  match_value: '',
  price_mode: 'markup',
  cost_yuan: null,
  markup_pct: 10,
  fixed_yuan: null,
  floor_yuan: null,
  stock: 0,
  max_quantity: 0,
  delivery_days: 2,
  validity_hours: 24,
  quote_type: 'spot',
  enabled: true,
};

const yuanOf = (fen: unknown) => (fen === null || fen === undefined || Number(fen) === 0 ? null : Number(fen) / 100);
const int = (value: number | null | undefined, fallback = 0) => (value === null || value === undefined || !Number.isFinite(value) ? fallback : Math.round(value));

export function formOfRule(rule: ResourceRecord): RuleForm {
  return {
    name: String(rule.name ?? ''),
    match_type: rule.match_type === 'sku' || rule.match_type === 'category' ? rule.match_type : 'keyword',
    match_value: String(rule.match_value ?? ''),
    price_mode: rule.price_mode === 'fixed' ? 'fixed' : 'markup',
    cost_yuan: yuanOf(rule.cost_fen),
    markup_pct: Number(rule.markup_pct ?? 0),
    fixed_yuan: yuanOf(rule.fixed_fen),
    floor_yuan: yuanOf(rule.floor_fen),
    stock: Number(rule.stock ?? 0),
    max_quantity: Number(rule.max_quantity ?? 0),
    delivery_days: Number(rule.delivery_days ?? 0),
    validity_hours: Number(rule.validity_hours ?? 24),
    quote_type: rule.quote_type === 'transfer' ? 'transfer' : 'spot',
    enabled: rule.enabled !== false && rule.enabled !== 0,
  };
}

/** What a preview asks about: the matching and pricing part of the form. */
export function previewOf(form: Partial<RuleForm>): RulePreviewBody {
  return {
    name: (form.name ?? '').slice(0, 64),
    match_type: form.match_type ?? 'keyword',
    match_value: (form.match_value ?? '').trim().slice(0, 64),
    price_mode: form.price_mode ?? 'markup',
    cost_fen: Math.max(0, fenOf(form.cost_yuan) ?? 0),
    markup_pct: Math.min(1000, Math.max(0, int(form.markup_pct))),
    fixed_fen: Math.max(0, fenOf(form.fixed_yuan) ?? 0),
    floor_fen: Math.max(0, fenOf(form.floor_yuan) ?? 0),
    stock: Math.max(0, int(form.stock)),
    max_quantity: Math.max(0, int(form.max_quantity)),
  };
}

/** The values a save sends: the preview's, with the rest of the rule. */
export function valuesOf(form: RuleForm): Record<string, unknown> {
  return {
    ...previewOf(form),
    name: form.name.trim(),
    delivery_days: int(form.delivery_days),
    validity_hours: int(form.validity_hours, 24),
    quote_type: form.quote_type,
    enabled: form.enabled,
  };
}

/** A rule's unit price as the server prices it: cost × (1 + markup) or the fixed price, never below the floor. */
export function ruleUnitPrice(body: RulePreviewBody): number {
  const price = body.price_mode === 'fixed' ? body.fixed_fen : Math.round((body.cost_fen * (100 + body.markup_pct)) / 100);
  return Math.max(price, body.floor_fen);
}
