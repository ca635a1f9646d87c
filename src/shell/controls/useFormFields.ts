import { useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import type { MessageKey } from '../i18n/types';

/** What a TextField takes from the form for one field. */
export interface BoundField {
  value: string;
  error: string | null;
  onValue: (value: string) => void;
  onBlur: () => void;
}

/** A field's check: the message key of what is wrong with its value, or null. */
export type Rule<V> = (value: string, values: V) => MessageKey | null;
export type Rules<V> = { [K in keyof V]?: Rule<V> };

/**
 * A small form's values and checks. A field's message shows once it has been edited and left, or the
 * form was submitted; then it follows every keystroke. Submitting with a wrong field shows every message
 * and sends nothing.
 */
export function useFormFields<V extends Record<string, string>>(initial: V, rules: Rules<V>) {
  const { t } = useI18n();
  const [values, setValues] = useState(initial);
  const [edited, setEdited] = useState<ReadonlySet<keyof V>>(new Set());
  const [left, setLeft] = useState<ReadonlySet<keyof V>>(new Set());
  const [submitted, setSubmitted] = useState(false);

  const errorOf = (name: keyof V) => rules[name]?.(values[name], values) ?? null;
  const shownError = (name: keyof V) => {
    const key = submitted || (edited.has(name) && left.has(name)) ? errorOf(name) : null;
    return key && t(key);
  };
  const set = (name: keyof V, value: string) => {
    setValues((before) => ({ ...before, [name]: value }));
    setEdited((before) => new Set(before).add(name));
  };
  /** Shows the field's message now (a button that needs the field valid was pressed). */
  const reveal = (name: keyof V) => {
    setEdited((before) => new Set(before).add(name));
    setLeft((before) => new Set(before).add(name));
  };

  return {
    values,
    set,
    reveal,
    submitted,
    isValid: (name: keyof V) => errorOf(name) === null,
    /** The value, its setter, the blur that arms its check and the message shown now: spread onto a TextField. */
    bind: (name: keyof V): BoundField => ({
      value: values[name],
      error: shownError(name),
      onValue: (value: string) => set(name, value),
      onBlur: () => setLeft((before) => (before.has(name) ? before : new Set(before).add(name))),
    }),
    submit: (send: (values: V) => void) => (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (Object.keys(values).every((name) => errorOf(name) === null)) send(values);
    },
  };
}

export type FormFields<V extends Record<string, string>> = ReturnType<typeof useFormFields<V>>;
