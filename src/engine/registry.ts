/**
 * A typed registry: one `register`, one `get`. Registering a name twice is an error unless an
 * override is asked for, so two modules can never silently fight over a name.
 */
export interface Registry<T> {
  register(name: string, entry: T, options?: { override?: boolean }): void;
  get(name: string): T | undefined;
  names(): string[];
}

export function createRegistry<T>(kind: string): Registry<T> {
  const entries = new Map<string, T>();
  return {
    register(name, entry, options) {
      if (entries.has(name) && !options?.override) {
        throw new Error(`${kind} "${name}" is already registered; pass { override: true } to replace it`);
      }
      entries.set(name, entry);
    },
    get: (name) => entries.get(name),
    names: () => [...entries.keys()],
  };
}
