/**
 * The form's current values for widgets that depend on another field (a city select narrowed by
 * the province chosen). A store with a subscription rather than a prop: only the widgets reading a
 * field redraw when it changes, never the whole form.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

export interface FormValuesStore {
  get(): Record<string, unknown>;
  set(values: Record<string, unknown>): void;
  subscribe(listener: () => void): () => void;
}

export function createFormValuesStore(initial: Record<string, unknown>): FormValuesStore {
  let values = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => values,
    set(next) {
      values = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const FormValuesContext = createContext<FormValuesStore | null>(null);

const noStore = () => () => {};

/** The current value of one field of the surrounding form; undefined outside a form or without a name. */
export function useFormValue(name: string | undefined): unknown {
  const store = useContext(FormValuesContext);
  const read = useCallback(() => (store && name ? store.get()[name] : undefined), [store, name]);
  return useSyncExternalStore(store ? store.subscribe : noStore, read);
}

/** Every value of the surrounding form, read when called (for filter templates); no subscription. */
export function useFormValues(): () => Record<string, unknown> {
  const store = useContext(FormValuesContext);
  return useCallback(() => store?.get() ?? {}, [store]);
}
