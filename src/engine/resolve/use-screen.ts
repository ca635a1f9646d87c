import { useEffect, useState } from 'react';
import type { Screen, ScreenProblem, ScreenSource } from '../../contract/screen';
import { useResolvedScreen } from '../data';
import { useEngineHost } from '../host';
import { shareUnchanged } from '../structure';
import { checkedScreen } from './checked-screen';

export type ScreenState =
  | { status: 'loading' }
  | { status: 'failed'; retry(): void }
  | { status: 'missing' }
  | { status: 'invalid'; problems: ScreenProblem[] }
  | { status: 'ready'; screen: Screen; source: ScreenSource };

/**
 * The screen behind a vue_path: the server's published version, else its bundled one (the server
 * answers with whichever applies), checked against the meta-schema before anything draws it. A
 * `screen.published` event for the path revalidates it, and the new screen reuses every object of
 * the old one whose structure did not change, so the parts drawn from them keep their state.
 */
export function useScreen(vuePath: string): ScreenState {
  const host = useEngineHost();
  const { data, error, isLoading, mutate } = useResolvedScreen(vuePath);
  const { onScreenPublished, lang } = host;

  useEffect(
    () =>
      onScreenPublished((event) => {
        if (event.vue_path === vuePath) void mutate();
      }),
    [onScreenPublished, vuePath, mutate],
  );

  const check = data ? checkedScreen(data.screen, lang) : undefined;
  const checked = check?.ok ? check.screen : undefined;

  // The previous screen is state, not a ref: React's way of deriving from the last render.
  const [shared, setShared] = useState<{ from: Screen; screen: Screen } | undefined>();
  let screen = shared?.screen;
  if (checked && checked !== shared?.from) {
    screen = shareUnchanged(shared?.screen, checked);
    setShared({ from: checked, screen });
  }

  if (error && !data) return { status: 'failed', retry: () => void mutate() };
  if (isLoading && !data) return { status: 'loading' };
  if (!data || !check) return { status: 'missing' };
  if (!check.ok) return { status: 'invalid', problems: check.problems };
  return { status: 'ready', screen: screen ?? check.screen, source: data.source };
}
