import type { ComponentType, LazyExoticComponent } from 'react';

export type NativeView = LazyExoticComponent<ComponentType> | ComponentType;

/**
 * Hand-written views, by vue_path; a native view wins over any screen schema for its path. The
 * shell's, read before the engine's code has loaded: one `register`, one `get`; registering a path
 * twice is an error unless an override is asked for.
 */
function createViewRegistry() {
  const entries = new Map<string, NativeView>();
  return {
    register(path: string, view: NativeView, options?: { override?: boolean }) {
      if (entries.has(path) && !options?.override) throw new Error(`native view "${path}" is already registered; pass { override: true } to replace it`);
      entries.set(path, view);
    },
    get: (path: string) => entries.get(path),
  };
}

export const nativeViews = createViewRegistry();
