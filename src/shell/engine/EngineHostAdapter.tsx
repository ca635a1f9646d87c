import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EngineHost } from '../../engine/host';
import { EngineProvider } from '../../engine/provider';
import { appRegistry } from '../../app-registry';
import { engineMessagePath, type EngineMessageKey } from '../../engine/messages';
import { prefetchScreen } from '../../engine/prefetch';
import { createDataProvider } from '../../engine/data-provider';
import { useStore } from '../store';
import { sessionStore } from '../auth/session';
import { accessSubject } from '../auth/Permission';
import { useI18n } from '../i18n/I18nProvider';
import { languageStore } from '../i18n/language-store';
import type { MessageKey } from '../i18n/types';
import { download, request } from '../request/client';
import { shellEvents } from '../events';
import { ConsoleDialog } from '../dialog/ConsoleDialog';
import { chatPanelStore, chatStore } from '../chat/runtime';
import { setViewPrefetcher } from './view-prefetch';

/** Typed so that a key of ENGINE_MESSAGE_KEYS missing from the catalogues fails the type check. */
const engineKey = (key: EngineMessageKey): MessageKey => engineMessagePath(key);

const onScreenPublished: EngineHost['onScreenPublished'] = (listener) => {
  shellEvents.on('screen.published', listener);
  return () => void shellEvents.off('screen.published', listener);
};

const onLive: NonNullable<EngineHost['onLive']> = (event, listener) => {
  const heard = listener as (content: unknown) => void;
  shellEvents.on(event, heard);
  return () => void shellEvents.off(event, heard);
};

/** A widget's "chat with him": the chat panel opens, on the private session with that user if one is named. */
const openChat: NonNullable<EngineHost['openChat']> = (userId) => {
  const chat = chatStore.get();
  if (!chat) return;
  chatPanelStore.set(true);
  if (userId !== undefined) void chat.startWith('panel', userId).catch(() => undefined);
};

const hostRequest: EngineHost['request'] = (url, body, options) =>
  request(url, { body, silent: options?.silent, method: options?.method, timeout: options?.timeout, onUploadProgress: options?.onUploadProgress, inline: true });

const hostDownload: EngineHost['download'] = (url, filename) => download(url, filename);

/** One for the console's life: a page read ahead for a menu click waits in it for the list that opens. */
const dataProvider = createDataProvider({ request: hostRequest, download: hostDownload });

// The menus read a screen's opening lists ahead from the first time a screen is opened.
setViewPrefetcher((vuePath) => prefetchScreen(vuePath, dataProvider, languageStore.get()));

/**
 * The shell's side of the engine seam: the request client, i18n, the session's user and
 * permissions, the router and the screen.published event, handed to the engine as one EngineHost.
 */
export function EngineHostAdapter({ children }: { children: ReactNode }) {
  const { t, lang } = useI18n();
  const session = useStore(sessionStore);
  const navigate = useNavigate();
  const host = useMemo<EngineHost | null>(() => {
    if (!session) return null;
    const access = accessSubject(session);
    return {
      lang,
      t: (key, params) => t(engineKey(key), params),
      request: hostRequest,
      download: hostDownload,
      data: dataProvider,
      user: { id: session.user_info.id, name: session.user_info.name, team_id: session.team.id, team_type: session.team.type },
      access,
      isAdmin: access.admin,
      navigate: (to) => void navigate(to),
      onScreenPublished,
      onLive,
      openChat,
      Dialog: ConsoleDialog,
    };
  }, [lang, t, session, navigate]);
  // Screens are drawn inside the signed-in console only; after a sign-out nothing is left to draw.
  return host ? (
    <EngineProvider host={host} registry={appRegistry}>
      {children}
    </EngineProvider>
  ) : null;
}
