/**
 * The detail's headless controller: the record, its change history and the actions offered on it,
 * with nothing drawn and no antd. The detail renderer draws it; a bespoke widget can draw it its
 * own way (useWidgetHost().useDetailController).
 */
import { createContext, useCallback, useContext, useMemo } from 'react';
import { holds } from '../../contract/expression';
import { hasAccess, WILDCARD } from '../../contract/permissions';
import type { ResourceRecord } from '../../contract/resource';
import type { Action } from '../../contract/screen';
import type { DetailController, DetailControllerProps, OfferedAction } from '../../widgets/interface/controllers';
import { useHistory, useRecord } from '../data';
import { useEngineHost } from '../host';

const NO_ACTIONS: Action[] = [];

/** The actions the user may take on `record`: held permission, `visible` holding; `disabled` evaluated. */
function useOfferedActions(actions: Action[], record: ResourceRecord | undefined): OfferedAction[] {
  const { access, user } = useEngineHost();
  return useMemo(() => {
    if (!record) return [];
    const context = {
      values: { record, user: { ...user, roles: access.role, permissions: access.permission } },
      held: new Set(access.admin ? [WILDCARD] : [...access.role, ...access.permission]),
    };
    return actions
      .filter((action) => hasAccess(access, action.permission) && holds(action.visible, context))
      .map((action) => ({ action, disabled: action.disabled !== undefined && holds(action.disabled, context) }));
  }, [actions, record, access, user]);
}

export function useDetailController({ definition, id, history = false, actions = NO_ACTIONS }: DetailControllerProps): DetailController {
  const { data: record, isLoading, error, mutate } = useRecord(definition.name, id);
  const changes = useHistory(history ? definition.name : undefined, id);
  const offered = useOfferedActions(actions, record);
  const { mutate: mutateHistory } = changes;
  const refresh = useCallback(() => {
    void mutate();
    if (history) void mutateHistory();
  }, [mutate, mutateHistory, history]);
  return { definition, record, error, isLoading, history: changes.data, historyLoading: changes.isLoading, actions: offered, refresh };
}

/** The detail controller of the detail drawn around a part. */
export const DetailControllerContext = createContext<DetailController | null>(null);

export function useDetailContext(): DetailController {
  const detail = useContext(DetailControllerContext);
  if (!detail) throw new Error('useDetailContext is called outside a detail (no DetailControllerContext)');
  return detail;
}
