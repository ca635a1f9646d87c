/**
 * Mounts the engine: the host the shell hands in, the registry the app built, and the widgets' host
 * made from both, so a widget reaches requests, strings, dictionaries and uploads through its own
 * interface (widgets/interface/host.ts) and never imports the engine.
 */
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasAccess } from '../contract/permissions';
import { UPLOAD_FIELD, type UploadData } from '../contract/upload';
import { WidgetHostContext, type WidgetHost } from '../widgets/interface/host';
import { useRecord, useResourceDefinition, useResourceList, useRevalidateResource } from './data';
import { useDictionary } from './dictionaries';
import { EngineHostProvider, type EngineHost } from './host';
import { useDictionaryChoices, useLookupLabel } from './options';
import { useListController } from './list/use-list-controller';
import { useDetailController } from './detail/use-detail-controller';
import { useTransitions } from './actions/use-transitions';
import { useHeadlessForm } from './form/use-headless-form';
import { TransitionButtons } from './actions/TransitionButtons';
import { EngineRegistryContext, type EngineRegistry } from './registry';

/** The address's query as a plain object, the same one while the address stays. */
function useQuery(): Record<string, string> {
  const [params] = useSearchParams();
  return useMemo(() => Object.fromEntries(params), [params]);
}

/** The reads and controllers widgets share with the renderers: the engine's own hooks. */
const READS = {
  useList: useResourceList,
  useOne: useRecord,
  useDefinition: useResourceDefinition,
  useDictionary,
  useDictionaryChoices,
  useLookupLabel,
  useListController,
  useDetailController,
  useFormController: useHeadlessForm,
  useTransitions,
  TransitionButtons,
  useRevalidate: useRevalidateResource,
  useQuery,
} satisfies Partial<WidgetHost>;

const hearNothing: WidgetHost['onLive'] = () => () => {};

export function widgetHostOf(host: EngineHost): WidgetHost {
  return {
    ...READS,
    lang: host.lang,
    // Typed: a key widgets use that the engine's catalogues lack fails the type check here.
    t: host.t,
    navigate: host.navigate,
    data: host.data,
    onLive: host.onLive ?? hearNothing,
    ...(host.openChat ? { openChat: host.openChat } : {}),
    user: { id: host.user.id, team_id: host.user.team_id, team_type: host.user.team_type },
    can: (code) => hasAccess(host.access, code),
    upload(file, kind) {
      const body = new FormData();
      body.append(UPLOAD_FIELD, file);
      return host.request<UploadData>(`/api/uploads?kind=${kind}`, body, { silent: true });
    },
  };
}

export function EngineProvider({ host, registry, children }: { host: EngineHost; registry: EngineRegistry; children: ReactNode }) {
  const widgetHost = useMemo(() => widgetHostOf(host), [host]);
  return (
    <EngineHostProvider host={host}>
      <EngineRegistryContext.Provider value={registry}>
        <WidgetHostContext.Provider value={widgetHost}>{children}</WidgetHostContext.Provider>
      </EngineRegistryContext.Provider>
    </EngineHostProvider>
  );
}
