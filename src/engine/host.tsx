/**
 * What the engine needs from the console around it, handed down by the shell. The engine never
 * imports the shell (DESIGN.md): the shell implements this interface once (its request client,
 * i18n, session and router) and the engine, its renderers and widgets read it through useEngineHost.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { AccessSubject } from '../contract/permissions';
import type { Lang } from '../contract/resource';
import type { DataProvider } from '../widgets/interface/data-provider';
import type { LiveSubscribe } from '../widgets/interface/live';
import type { EngineMessageKey } from './messages';

export interface EngineUser {
  id: number;
  name: string;
  team_id: number;
  /** Team type (1 buyer, 2 quoter, 3 operations). */
  team_type: number;
}

export interface EngineRequestOptions {
  silent?: boolean;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** ms; the console's default when not given (a big upload needs longer). */
  timeout?: number;
  /** A FormData body's progress as it goes out: bytes sent, bytes in all. */
  onUploadProgress?(loaded: number, total: number): void;
}

export interface EngineHost {
  lang: Lang;
  /** The console's i18n, for the engine's own strings (the `engine` group of the catalogues). */
  t(key: EngineMessageKey, params?: Record<string, string | number>): string;
  /**
   * The console's one request client: POST JSON (or FormData) to `url`, resolve the envelope's
   * `data`, reject with `{code, msg, status}` (already shown to the user unless `silent`).
   */
  request<T>(url: string, body?: unknown, options?: EngineRequestOptions): Promise<T>;
  /** Saves what `url` answers (an export) as a file, with the user's credentials. */
  download(url: string, filename: string): Promise<void>;
  /**
   * Every resource read and write (createDataProvider over `request`), made once for the console's
   * life: the pages it reads ahead for a menu click wait in it for the list that opens.
   */
  data: DataProvider;
  user: EngineUser;
  access: AccessSubject;
  /** Whether the user may see screen internals (exact JSON paths of a failing screen). */
  isAdmin: boolean;
  navigate(to: string): void;
  /** Calls back when an admin publishes a screen; returns the unsubscribe. */
  onScreenPublished(listener: (event: { vue_path: string; version: number }) => void): () => void;
  /** Follows a live frame widgets may follow (widgets/interface/live.ts); none heard when absent. */
  onLive?: LiveSubscribe;
  /** Opens the console's chat, on the private session with a user if one is named; absent where there is no chat. */
  openChat?: (userId?: number) => void;
  /**
   * The console's dialog (draggable, fullscreen, no close on a backdrop click), so forms opened by
   * a screen look like every other dialog of the console; antd's Modal when the host has none.
   */
  Dialog?: ComponentType<EngineDialogProps>;
}

export interface EngineDialogProps {
  open: boolean;
  title: ReactNode;
  width?: number | string;
  /** null: the content draws its own buttons (a form's save and cancel). */
  footer?: ReactNode;
  onCancel(): void;
  destroyOnHidden?: boolean;
  /** After the closing animation. */
  afterClose?(): void;
  children?: ReactNode;
}

/** The shape of an error the host's request rejects with. */
export interface HostError {
  code: number | string;
  message: string;
  status: number;
}

const EngineHostContext = createContext<EngineHost | null>(null);

export function EngineHostProvider({ host, children }: { host: EngineHost; children: ReactNode }) {
  return <EngineHostContext.Provider value={host}>{children}</EngineHostContext.Provider>;
}

export function useEngineHost(): EngineHost {
  const host = useContext(EngineHostContext);
  if (!host) throw new Error('The engine is drawn outside an EngineHostProvider');
  return host;
}
