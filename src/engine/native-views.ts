/**
 * Native views: hand-written views by vue_path, which win over any screen schema for their path.
 * They are a value, not a registry filled by imports: the app lists them in one place
 * (src/shell/app/native-views.ts) and hands them down through NativeViewsContext, the way the
 * widgets' registry is handed to the engine; a test hands its own. Read before any engine code
 * has loaded (the menu's router asks it first), so this module is tiny and imports nothing heavy.
 */
import { createContext, useContext, type ComponentType, type LazyExoticComponent } from 'react';

export type NativeView = LazyExoticComponent<ComponentType> | ComponentType;

/** The views by vue_path. */
export type NativeViews = Readonly<Record<string, NativeView>>;

const NONE: NativeViews = {};

export const NativeViewsContext = createContext<NativeViews>(NONE);

/** The native views handed down to this part of the app; none outside a provider. */
export function useNativeViews(): NativeViews {
  return useContext(NativeViewsContext);
}

/** The view for a vue_path, if one is listed (own keys only: "constructor" is no view). */
export function nativeViewOf(views: NativeViews, vuePath: string): NativeView | undefined {
  return Object.hasOwn(views, vuePath) ? views[vuePath] : undefined;
}
