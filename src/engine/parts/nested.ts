import { createContext, useContext, type ComponentType } from 'react';

/**
 * Draws another screen by id (a part or an `openScreen` action). Provided by the screen view, so
 * the places that open screens need not import it and the modules stay free of cycles.
 */
export const NestedScreenContext = createContext<ComponentType<{ id: string }> | null>(null);

export function useNestedScreen(): ComponentType<{ id: string }> {
  const NestedScreen = useContext(NestedScreenContext);
  if (!NestedScreen) throw new Error('A nested screen is drawn outside a screen view');
  return NestedScreen;
}
