import type { ReactNode } from 'react';
import { ScreenResolver } from '../../engine/ScreenView';
import { EngineHostAdapter } from './EngineHostAdapter';

/**
 * A menu item's server-driven screen. Its own chunk: the console frame downloads none of the
 * engine until a menu item without a native view is opened.
 */
export default function EngineScreen({ vuePath, notFound }: { vuePath: string; notFound: ReactNode }) {
  return (
    <EngineHostAdapter>
      <ScreenResolver vuePath={vuePath} notFound={notFound} />
    </EngineHostAdapter>
  );
}
