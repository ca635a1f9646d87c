import { lazy, type ComponentType } from 'react';
import { loadAllStrings } from '../i18n/language-store';

/**
 * A lazily loaded part of the app (every page but the signed-out ones, the lock screen, the update
 * dialog) drawn inside AntdConfig with the language's whole catalogue: its chunk, AntdConfig's and
 * the strings download side by side, not one after another.
 */
export function configured<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ default: AntdConfig }, { default: Part }] = await Promise.all([import('./AntdConfig'), load(), loadAllStrings()]);
    function Configured(props: P) {
      return (
        <AntdConfig>
          <Part {...props} />
        </AntdConfig>
      );
    }
    return { default: Configured };
  });
}
