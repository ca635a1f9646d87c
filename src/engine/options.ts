/**
 * Choices that come from other resources: a dictionary's items (dict fields), the records of a
 * lookup's resource (search selects), and the label of a looked-up record (cells). All read through
 * the resource API, so the caller's permissions and team scoping apply to them as to any list.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import type { ResourceField } from '../contract/resource';
import type { Choice } from '../widgets/interface/choices';
import type { DataProvider } from '../widgets/interface/data-provider';
import { useDictionary } from './dictionaries';
import { useEngineHost } from './host';

/**
 * The choices of a dictionary, from the one dictionary read the form and detail share
 * (engine/dictionaries.ts): disabled items included, since old records still carry them.
 */
export function useDictionaryChoices(code: string | undefined): { choices: Choice[] | undefined; isLoading: boolean } {
  const { options, isLoading } = useDictionary(code);
  return { choices: useMemo(() => options?.map(({ value, label }) => ({ value, label })), [options]), isLoading };
}

/**
 * Records of a lookup's resource whose label contains `search`, for a select's options; for a team
 * filter (`teamsOf`, see SearchModel), the teams whose rows of that resource the caller may read.
 */
export function useLookupChoices(field: ResourceField | undefined, search: string, teamsOf?: string) {
  const { data } = useEngineHost();
  const lookup = field?.lookup;
  return useSWR<Choice[]>(teamsOf ? ['row-teams', teamsOf, search] : lookup ? ['lookup-choices', lookup.resource, lookup.label, search] : null, async () => {
    if (teamsOf) return data.rowTeams({ resource: teamsOf, ...(search ? { keyword: search } : {}), meta: { silent: true } });
    const page = await data.getList({
      resource: lookup!.resource,
      pagination: { pageSize: 20 },
      ...(search ? { filters: [{ field: lookup!.label, op: 'contains', value: search }] } : {}),
      meta: { silent: true },
    });
    return page.rows.map((row) => ({ value: row.id, label: String(row[lookup!.label] ?? row.id) }));
  }, { keepPreviousData: true, revalidateOnFocus: false });
}

// ---- labels of looked-up records, fetched in batches --------------------------------------------

/** resource → record id → its label; null when the record is gone or out of the caller's reach. */
const labels = new Map<string, Map<number, string | null>>();
const queued = new Map<string, { label: string; ids: Set<number>; data: DataProvider }>();
const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The `in` filter takes up to 500 values. */
const BATCH = 500;

async function flush(resource: string) {
  const batch = queued.get(resource);
  queued.delete(resource);
  if (!batch) return;
  const ids = [...batch.ids];
  const known = labels.get(resource) ?? new Map<number, string | null>();
  labels.set(resource, known);
  for (let start = 0; start < ids.length; start += BATCH) {
    const chunk = ids.slice(start, start + BATCH);
    try {
      const page = await batch.data.getList({
        resource,
        filters: [{ field: 'id', op: 'in', value: chunk }],
        pagination: { pageSize: chunk.length },
        meta: { silent: true },
      });
      for (const row of page.rows) known.set(row.id, String(row[batch.label] ?? row.id));
    } catch {
      // The caller may not read that resource: the cell shows the bare id rather than failing.
    }
  }
  for (const id of ids) if (!known.has(id)) known.set(id, null);
  notify();
}

/**
 * The label of the record a lookup field points at. Every cell of a page asks in the same task, and
 * one list request per resource answers them all.
 */
export function useLookupLabel(field: ResourceField | undefined, value: unknown): string | null | undefined {
  const { data } = useEngineHost();
  const resource = field?.lookup?.resource;
  const id = typeof value === 'number' ? value : Number(value);
  const valid = resource !== undefined && value !== null && value !== '' && Number.isInteger(id) && id > 0;
  const label = useSyncExternalStore(subscribe, () => (valid ? labels.get(resource)?.get(id) : undefined));
  // Runs again when the label is forgotten (undefined once more) after the resource was written.
  useEffect(() => {
    if (!valid || label !== undefined) return;
    let batch = queued.get(resource);
    if (!batch) {
      batch = { label: field!.lookup!.label, ids: new Set(), data };
      queued.set(resource, batch);
      queueMicrotask(() => void flush(resource));
    }
    batch.ids.add(id);
  }, [valid, label, resource, id, field, data]);
  return valid ? label : undefined;
}

/** Forgets the labels of a resource's records, after they were written. */
export function forgetLookupLabels(resource?: string): void {
  if (resource) labels.delete(resource);
  else labels.clear();
  notify();
}
