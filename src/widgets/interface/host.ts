/**
 * What widgets need from around them, defined at the widgets' own level and provided by the engine
 * (src/engine/provider.tsx): the console's language and strings, navigation, the data provider and
 * the reads built on it, dictionaries, lookups, uploads and the headless controllers. A widget reaches these through
 * useWidgetHost and imports nothing of the engine, so imports point one way: engine → widgets.
 */
import { createContext, useContext, type ComponentType } from 'react';
import type { Lang, ListPage, ResourceDefinition, ResourceField, ResourceRecord } from '../../contract/resource';
import type { UploadData } from '../../contract/upload';
import type { Choice } from './choices';
import type { DetailController, DetailControllerProps, FormController, FormControllerProps, ListController, ListControllerProps, TransitionsController } from './controllers';
import type { DataProvider, GetListParams } from './data-provider';
import type { LiveSubscribe } from './live';
import type { WidgetMessageKey } from './messages';

/** A read through swr: its data once arrived, its error, and a way to read it again. */
export interface Read<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  mutate(): unknown;
}

export interface DictionaryOption {
  value: string;
  label: string;
  /** A disabled item: not offered for new choices, still named for old records. */
  disabled: boolean;
}

export interface WidgetHost {
  lang: Lang;
  /** The console's strings, in its language (messages.ts lists the keys widgets use). */
  t(key: WidgetMessageKey, params?: Record<string, string | number>): string;
  navigate(to: string): void;
  /** Every resource read and write. */
  data: DataProvider;
  /** Sends a file to the console's uploads; answers where it is kept. */
  upload(file: File, kind: 'image' | 'file'): Promise<UploadData>;
  /** Follows a live frame (a new ask, a quote arrived); answers the unsubscribe. */
  onLive: LiveSubscribe;
  /**
   * Opens the console's chat: on the private session with a user, or without one on the sessions
   * as the user left them; absent where the console has no chat (tests, previews).
   */
  openChat?: (userId?: number) => void;
  /** The signed-in user as widgets may know them: who they are and which team (type 1 asks, 2 quotes, 3 operates). */
  user: { id: number; team_id: number; team_type: number };
  /**
   * Whether the signed-in user holds a permission code (an administrator holds every one), by the
   * same check that shows or hides the engine's actions; the server refuses what this denies, so a
   * widget asks it only to leave out controls that would be refused.
   */
  can(code: string): boolean;

  // Reads shared with the engine's renderers through swr (one request for one key). They are hooks:
  // call them as hooks, unconditionally, at a widget's top level.
  /** A list's page; no params, no read. */
  useList(params: GetListParams | undefined, options?: { keepPreviousData?: boolean }): Read<ListPage>;
  /** One record; no resource or id, no read. */
  useOne(resource: string | undefined, id: number | undefined): Read<ResourceRecord>;
  useDefinition(resource: string | undefined): Read<ResourceDefinition>;
  /** A dictionary's items by its code, disabled ones included (old records still carry them). */
  useDictionary(code: string | undefined): { options: DictionaryOption[] | undefined; isLoading: boolean };
  /** The same items as choices of a select or tag. */
  useDictionaryChoices(code: string | undefined): { choices: Choice[] | undefined; isLoading: boolean };
  /** The label of the record a lookup field points at; null when it cannot be read, undefined while it loads. */
  useLookupLabel(field: ResourceField | undefined, value: unknown): string | null | undefined;
  /** The page address's query (`?name=XJ…`), as a block placed on a screen reads its subject. */
  useQuery(): Record<string, string>;
  /** Revalidates every read of a resource (its lists, records and history), as a list's reload does. */
  useRevalidate(): (resource: string) => void;

  // The engine's headless controllers, the same ones its renderers draw (controllers.ts).
  useListController(props: ListControllerProps): ListController;
  useDetailController(props: DetailControllerProps): DetailController;
  useFormController(props: FormControllerProps): FormController;
  /** A record's workflow transitions the reader may take now, and taking one (headless). */
  useTransitions(definition: ResourceDefinition | undefined, record: ResourceRecord | undefined): TransitionsController;
  /** The same drawn as the engine draws them in lists and details: buttons, confirms, the params dialog. */
  TransitionButtons: ComponentType<{ definition: ResourceDefinition; record: ResourceRecord; variant?: 'link' | 'button'; skip?: readonly string[] }>;
}

export const WidgetHostContext = createContext<WidgetHost | null>(null);

export function useWidgetHost(): WidgetHost {
  const host = useContext(WidgetHostContext);
  if (!host) throw new Error('A widget is drawn outside the engine (no WidgetHostContext)');
  return host;
}
