/**
 * Conditional fields: a form spec's rules hide or disable fields and give them defaults, by
 * expressions over the form's values, the record being edited and the user. The expressions are
 * data read by src/contract/expression.ts, never script.
 */
import type { UiSchema } from '@rjsf/utils';
import { evaluate, holds, type ExprContext } from '../../contract/expression';
import type { FieldRule } from '../../contract/screen';

export interface RuleContext {
  form: Record<string, unknown>;
  record: Record<string, unknown> | undefined;
  user: Record<string, unknown>;
  /** Roles and permission codes the user holds ('*' for all). */
  held: ReadonlySet<string>;
}

const exprContext = ({ form, record, user, held }: RuleContext): ExprContext => ({ values: { form, record: record ?? {}, user }, held });

export interface RuleState {
  hidden: string[];
  disabled: string[];
}

export function evaluateRules(rules: readonly FieldRule[], context: RuleContext): RuleState {
  const ctx = exprContext(context);
  const hidden: string[] = [];
  const disabled: string[] = [];
  for (const rule of rules) {
    if (rule.visible !== undefined && !holds(rule.visible, ctx)) hidden.push(rule.field);
    if (rule.disabled !== undefined && holds(rule.disabled, ctx)) disabled.push(rule.field);
  }
  return { hidden, disabled };
}

/** A short text that is equal exactly when two states draw the same form. */
export const ruleKey = (state: RuleState) => `${state.hidden.join(',')}|${state.disabled.join(',')}`;

/**
 * The uiSchema with the rules' state applied: hidden fields get the `hidden` widget (the object
 * template leaves them out), disabled ones `ui:disabled`. Entries of untouched fields keep their
 * identity, so rjsf's memoised fields do not redraw.
 */
export function applyRules(uiSchema: UiSchema, state: RuleState): UiSchema {
  if (!state.hidden.length && !state.disabled.length) return uiSchema;
  const next: UiSchema = { ...uiSchema };
  for (const field of state.disabled) next[field] = { ...(uiSchema[field] as UiSchema), 'ui:disabled': true };
  for (const field of state.hidden) next[field] = { ...(next[field] as UiSchema), 'ui:widget': 'hidden' };
  return next;
}

/**
 * The value each defaulted field that still `follows` its default gets now. Rules run in order, so
 * a default may read another one set before it; a field the user typed in keeps the user's value.
 */
export function ruleDefaults(rules: readonly FieldRule[], context: RuleContext, follows: (field: string) => boolean): Record<string, unknown> {
  const form = { ...context.form };
  const defaults: Record<string, unknown> = {};
  for (const rule of rules) {
    if (rule.default === undefined || !follows(rule.field)) continue;
    const value = evaluate(rule.default, exprContext({ ...context, form }));
    defaults[rule.field] = value;
    form[rule.field] = value;
  }
  return defaults;
}

export const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
