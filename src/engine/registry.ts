/**
 * The registry the engine draws with: the widgets' registry (form widgets, cells, actions, blocks)
 * and the renderer of each part kind. The app builds it once (src/app-registry.ts) and hands it
 * down through context; the engine names widgets only by the names screens use, and never imports
 * one.
 */
import { createContext, useContext } from 'react';
import type { Lazy, WidgetRegistry } from '../widgets/interface/registry';
import type { RendererProps } from './renderers';

/** A registry may leave a kind out: its parts then show a placeholder naming the kind. */
export type RendererRegistry = { [K in keyof RendererProps]?: Lazy<RendererProps[K]> };

export interface EngineRegistry extends WidgetRegistry {
  renderers: RendererRegistry;
}

export const EngineRegistryContext = createContext<EngineRegistry | null>(null);

export function useEngineRegistry(): EngineRegistry {
  const registry = useContext(EngineRegistryContext);
  if (!registry) throw new Error('The engine is drawn outside an EngineProvider (no registry)');
  return registry;
}
