import type { ReactNode } from 'react';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { CSS_FILE_STYLE } from '@ant-design/cssinjs/es/util/cacheMapUtil';

/** The key prefix of a component's generated style in antd's style cache (useStyleRegister's). */
const COMPONENT_STYLE = 'style%';

/**
 * antd's style cache, keeping a component's generated styles once made, and once they are in the
 * page, no longer putting them there again.
 *
 * - antd drops a component's styles from its cache when its last instance unmounts, and makes them
 *   again (token to style objects, serialised) when one mounts again: in a console where screens
 *   open and close all day, that is work at every menu click. What is kept is bounded by the
 *   components and themes in use.
 * - At every mount antd writes each style again, looking for its element among all the page's
 *   style elements. Nothing takes a component's style element out of the page (only hot reload
 *   does), so once written, its entry is marked as a style sheet's, which antd does not write.
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
            if (after === null) return before ? [0, before[1]] : null;
            // A mount counted: its effect writes the style it was drawn with, for the last time.
            const mounted = before && after[0] === before[0] + 1 && after[1][0] !== CSS_FILE_STYLE;
            return mounted ? [after[0], [CSS_FILE_STYLE, ...(after[1] as unknown[]).slice(1)]] : after;
          }
        : change,
    );
  return cache;
}

// One for the whole app: each part drawn in AntdConfig wraps itself in it.
const cache = keepingCache();

export function KeptStyles({ children }: { children: ReactNode }) {
  return <StyleProvider cache={cache}>{children}</StyleProvider>;
}
