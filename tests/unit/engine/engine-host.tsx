import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { SWRConfig } from 'swr';
import type { EngineHost } from '../../../src/engine/host';
import { EngineProvider } from '../../../src/engine/provider';
import type { EngineRegistry } from '../../../src/engine/registry';
import { appRegistry } from '../../../src/app-registry';
import { createDataProvider } from '../../../src/engine/data-provider';
import { engineMessagePath } from '../../../src/engine/messages';
import { request } from '../../../src/shell/request/client';
import { translate } from '../../../src/shell/i18n/translate';
import type { MessageKey } from '../../../src/shell/i18n/types';
import type { Lang } from '../../../src/contract/resource';

// antd measures some controls (auto-sized text areas, overflowing tags) with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const hostRequest: EngineHost['request'] = (url, body, options) => request(url, { body, silent: options?.silent, method: options?.method });

/**
 * The engine's host as the shell provides it, for unit tests: the console's real request client
 * (so msw answers it) and catalogues; a seller by default.
 */
export function testHost(overrides: Partial<EngineHost> = {}): EngineHost {
  const lang: Lang = overrides.lang ?? 'zh';
  const host: Omit<EngineHost, 'data'> = {
    lang,
    t: (key, params) => translate(lang, engineMessagePath(key) as MessageKey, params),
    request: hostRequest,
    download: async () => {},
    user: { id: 2, name: '张三', team_id: 1, team_type: 1 },
    access: { admin: false, role: ['seller'], permission: [] },
    isAdmin: false,
    navigate: () => {},
    onScreenPublished: () => () => {},
    ...overrides,
  };
  // Exports and reads go through the host's own request and download, overridden or not.
  return { data: createDataProvider(host), ...host };
}

/** Renders engine parts inside what the console wraps them in: antd's locale and App, a fresh swr cache, the host and the app's registry (or `registry`). */
export function renderWithHost(ui: ReactNode, host: EngineHost = testHost(), registry: EngineRegistry = appRegistry) {
  return render(
    <ConfigProvider locale={host.lang === 'zh' ? zhCN : enUS}>
      <AntApp>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <EngineProvider host={host} registry={registry}>{ui}</EngineProvider>
        </SWRConfig>
      </AntApp>
    </ConfigProvider>,
  );
}
