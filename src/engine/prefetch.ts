/**
 * Reads a screen's opening lists ahead of drawing it. A menu click starts them and opens the page
 * once they have answered, so the screen's one render draws this visit's data.
 */
import { SWRConfig, unstable_serialize } from 'swr';
import type { Lang, ResourceDefinition } from '../contract/resource';
import type { Part, ResolvedScreen, Screen } from '../contract/screen';
import type { DataProvider } from '../widgets/interface/data-provider';
import { definitionKey, screenKey } from './data';
import { listParamsOf } from './data-provider';
import { openingListQuery } from './list/query';
import { leafKind } from './parts/leaf-kind';
import { checkedScreen } from './resolve/checked-screen';

/** What an earlier visit left in swr's cache; a screen never opened has nothing to go ahead with. */
function cached<T>(key: readonly unknown[]): T | undefined {
  return SWRConfig.defaultValue.cache.get(unstable_serialize(key))?.data as T | undefined;
}

/**
 * The inline list parts a screen draws when it opens: itself when it is a list, each section, the
 * first tab. Parts shown on a condition are left to the screen, which alone knows its values.
 */
function openingLists(screen: Screen): (Screen | Part)[] {
  const isList = (part: Screen | Part) => leafKind(part) === 'list' && Boolean(part.list && part.resource);
  const shown = (screen.parts ?? []).filter((part) => !part.visible);
  if (screen.kind === 'sections') return shown.filter(isList);
  if (screen.kind === 'tabs') return screen.parts?.[0] === shown[0] ? shown.slice(0, 1).filter(isList) : [];
  return isList(screen) ? [screen] : [];
}

/**
 * Starts the opening list requests of the screen at `vuePath` through the data provider's read
 * ahead, when its screen and resources are known. Answers when they have all answered (or failed), or undefined when none was started.
 */
export function prefetchScreen(vuePath: string, data: DataProvider, lang: Lang): Promise<void> | undefined {
  const resolved = cached<ResolvedScreen | null>(screenKey(vuePath));
  if (!resolved) return undefined;
  const check = checkedScreen(resolved.screen, lang);
  if (!check.ok) return undefined;
  const answers = openingLists(check.screen).flatMap((part) => {
    const definition = cached<ResourceDefinition>(definitionKey(part.resource!));
    return definition ? [data.prefetchList(listParamsOf(definition.name, openingListQuery(part.list!, definition)))] : [];
  });
  return answers.length ? Promise.allSettled(answers).then(() => undefined) : undefined;
}
