/**
 * The workflow transitions of one record, headless: those the server says its reader may take now
 * (the record's `_actions`, judged by the same rule the server checks the transition with, team
 * ownership and `via` included), and taking one through the data provider at the version read. The
 * list's rows, the detail and bespoke widgets (useWidgetHost().useTransitions) share it.
 */
import { useCallback, useMemo, useState } from 'react';
import { carriedActions, type ResourceDefinition, type ResourceRecord } from '../../contract/resource';
import type { OfferedTransition, TransitionsController } from '../../widgets/interface/controllers';
import { useRevalidateResource } from '../data';
import { useEngineHost, type HostError } from '../host';
import { forgetLookupLabels } from '../options';

const NONE: OfferedTransition[] = [];

export function useTransitions(definition: ResourceDefinition | undefined, record: ResourceRecord | undefined): TransitionsController {
  const { data, lang } = useEngineHost();
  const revalidate = useRevalidateResource();
  const [pending, setPending] = useState<string | null>(null);
  const workflow = definition?.workflow;

  const offered = useMemo(() => {
    if (!workflow || !record) return NONE;
    const allowed = new Set(carriedActions(record));
    if (allowed.size === 0) return NONE;
    return workflow.transitions
      .filter((t) => allowed.has(t.name))
      .map((t) => ({ name: t.name, label: t.label[lang], ...(t.confirm ? { confirm: t.confirm[lang] } : {}), params: t.params ?? [] }));
  }, [workflow, record, lang]);

  const take = useCallback(
    async (name: string, params?: Record<string, unknown>) => {
      if (!definition || !record) throw new Error('A transition is taken on no record');
      const refresh = () => {
        forgetLookupLabels(definition.name);
        revalidate(definition.name);
      };
      setPending(name);
      try {
        const changed = await data.action({ resource: definition.name, id: record.id, action: name, version: record.version, params, meta: { silent: true } });
        refresh();
        return changed;
      } catch (caught) {
        // Someone changed the record first: what is shown is stale, read it again.
        if (Number((caught as HostError).code) === 409) refresh();
        throw caught;
      } finally {
        setPending(null);
      }
    },
    [definition, record, data, revalidate],
  );

  return { offered, pending, take };
}
