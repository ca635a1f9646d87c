import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { SWRConfig } from 'swr';
import type { EngineHost } from '../../../src/engine/host';
import { EngineProvider } from '../../../src/engine/provider';
import type { EngineRegistry } from '../../../src/engine/registry';
import { appRegistry } from '../../../src/app-registry';
import { createDataProvider } from '../../../src/engine/data-provider';
import { engineMessagePath } from '../../../src/engine/messages';
import { translate } from '../../../src/shell/i18n/translate';
import { request } from '../../../src/shell/request/client';
import type { Language } from '../../../src/shell/i18n/types';

/** Where a widget under test navigated to. */
export const navigated: string[] = [];

const hostRequest: EngineHost['request'] = (url, body, options) => request(url, { body, silent: options?.silent, method: options?.method });

/**
 * A host as the console hands the engine: the real catalogues and request client (answered by
 * msw), a plain seller, and navigation recorded in `navigated`.
 */
export function testHost(lang: Language = 'zh', overrides: Partial<EngineHost> = {}): EngineHost {
  const host: Omit<EngineHost, 'data'> = {
    lang,
    t: (key, params) => translate(lang, engineMessagePath(key), params),
    request: hostRequest,
    download: async () => {},
    user: { id: 1, name: 'seller', team_id: 1, team_type: 1 },
    access: { admin: false, role: ['seller'], permission: [] },
    isAdmin: false,
    navigate: (to) => void navigated.push(to),
    onScreenPublished: () => () => {},
    ...overrides,
  };
  // Exports and reads go through the host's own request and download, overridden or not.
  return { data: createDataProvider(host), ...host };
}

/** Renders widgets the way a screen does: inside a host and the app's registry, antd's App and a fresh swr cache. */
export function renderWidget(node: ReactNode, host: EngineHost = testHost(), registry: EngineRegistry = appRegistry) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <EngineProvider host={host} registry={registry}>
        <AntApp>{node}</AntApp>
      </EngineProvider>
    </SWRConfig>,
  );
}
