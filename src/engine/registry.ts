/**
 * The registry the engine draws with: the widgets' registry (form widgets, cells, actions, blocks)
 * and the renderer of each part kind. The app builds it once (src/app-registry.ts) and hands it
 * down through context; the engine names widgets only by the names screens use, and never imports
 * one.
 */
import { createContext, lazy, useContext, type ComponentType } from 'react';
import type { Lazy, WidgetRegistry } from '../widgets/interface/registry';
import type { RendererProps } from './renderers';

/** A part renderer; one loaded lazily may say how to start its download before it first draws. */
export type Renderer<P> = Lazy<P> & { preload?(): Promise<unknown> };

/** A registry may leave a kind out: its parts then show a placeholder naming the kind. */
export type RendererRegistry = { [K in keyof RendererProps]?: Renderer<RendererProps[K]> };

/**
 * A renderer loaded on first draw, whose download can also be started earlier (preload): while a
 * screen's definition is still being read, so the two waits overlap instead of following each other.
 */
export function preloadable<P>(load: () => Promise<{ default: ComponentType<P> }>): Renderer<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => (loading ??= load());
  return Object.assign(lazy(once), { preload: once });
}

/** Starts downloading the renderer of a kind, if the registry can; a failure is the renderer's own to show when it draws. */
export function preloadRenderer(registry: EngineRegistry, kind: keyof RendererProps): void {
  registry.renderers[kind]?.preload?.().catch(() => undefined);
}

export interface EngineRegistry extends WidgetRegistry {
  renderers: RendererRegistry;
}

export const EngineRegistryContext = createContext<EngineRegistry | null>(null);

export function useEngineRegistry(): EngineRegistry {
  const registry = useContext(EngineRegistryContext);
  if (!registry) throw new Error('The engine is drawn outside an EngineProvider (no registry)');
  return registry;
}
