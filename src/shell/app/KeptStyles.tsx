import type { ReactNode } from 'react';
import { createCache, StyleProvider } from '@ant-design/cssinjs';

/** The key prefix of a component's generated style in antd's style cache (useStyleRegister's). */
const COMPONENT_STYLE = 'style%';

/**
 * antd's style cache, keeping a component's generated styles once made. antd drops them from its
 * cache when the component's last instance unmounts and makes them again (token to style objects,
 * serialised) when one mounts again: in a console where screens open and close all day, that is
 * work at every menu click. The style element stays in the page either way; what is kept is
 * bounded by the components and themes in use.
 */
export function keepingCache() {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, change) =>
    update(
      key,
      key.startsWith(COMPONENT_STYLE)
        ? (before) => {
            const after = change(before);
            // Not used now: counted as such, and kept.
            return after === null && before ? [0, before[1]] : after;
          }
        : change,
    );
  return cache;
}

const cache = keepingCache();

export function KeptStyles({ children }: { children: ReactNode }) {
  return <StyleProvider cache={cache}>{children}</StyleProvider>;
}
