/**
 * Choices that come from other resources: a dictionary's items (dict fields), the records of a
 * lookup's resource (search selects), and the label of a looked-up record (cells). All read through
 * the resource API, so the caller's permissions and team scoping apply to them as to any list.
 */
import { useEffect, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import type { FieldOption, ListPage, Localized, ResourceField } from '../contract/resource';
import { resourceUrl } from './data';
import { useEngineHost, type EngineHost } from './host';

export interface Choice {
  value: string | number;
  label: Localized;
  color?: string;
}

interface DictionaryRow {
  id: number;
}
interface DictionaryItemRow {
  value: string;
  label_zh: string;
  label_en: string;
}

/**
 * The items of the dictionary `code`, in their order: the dictionary is found by its code in the
 * `dictionaries` resource, its enabled items in `dictionary_items`.
 */
async function loadDictionary(request: EngineHost['request'], code: string): Promise<Choice[]> {
  const dictionaries = await request<ListPage<DictionaryRow>>(resourceUrl('dictionaries', 'list'), {
    filters: [{ field: 'code', op: 'eq', value: code }],
    pageSize: 1,
  });
  const dictionary = dictionaries.rows[0];
  if (!dictionary) return [];
  const items = await request<ListPage<DictionaryItemRow>>(resourceUrl('dictionary_items', 'list'), {
    filters: [
      { field: 'dictionary_id', op: 'eq', value: dictionary.id },
      { field: 'status', op: 'eq', value: 1 },
    ],
    sort: [{ field: 'sort', order: 'asc' }],
    pageSize: 1000,
  });
  return items.rows.map((item) => ({ value: item.value, label: { zh: item.label_zh, en: item.label_en } }));
}

export function useDictionary(code: string | undefined) {
  const { request } = useEngineHost();
  return useSWR<Choice[]>(code ? ['dictionary', code] : null, () => loadDictionary(request, code!), { revalidateOnFocus: false });
}

/** A field's fixed choices: enum options, yes/no; null for fields whose choices are loaded. */
export function fixedChoices(field: ResourceField | undefined, t: EngineHost['t']): Choice[] | null {
  if (field?.type === 'enum') return (field.options ?? []).map((o: FieldOption) => ({ value: o.value, label: o.label, color: o.color }));
  if (field?.type === 'boolean') {
    const yes = t('yes');
    const no = t('no');
    // Select values are strings or numbers; the query turns these back into booleans.
    return [
      { value: 'true', label: { zh: yes, en: yes } },
      { value: 'false', label: { zh: no, en: no } },
    ];
  }
  return null;
}

/** Records of a lookup's resource whose label contains `search`, for a select's options. */
export function useLookupChoices(field: ResourceField | undefined, search: string) {
  const { request } = useEngineHost();
  const lookup = field?.lookup;
  return useSWR<Choice[]>(lookup ? ['lookup-choices', lookup.resource, lookup.label, search] : null, async () => {
    const page = await request<ListPage>(
      resourceUrl(lookup!.resource, 'list'),
      { pageSize: 20, ...(search ? { filters: [{ field: lookup!.label, op: 'contains', value: search }] } : {}) },
      { silent: true },
    );
    return page.rows.map((row) => {
      const text = String(row[lookup!.label] ?? row.id);
      return { value: row.id, label: { zh: text, en: text } };
    });
  }, { keepPreviousData: true, revalidateOnFocus: false });
}

// ---- labels of looked-up records, fetched in batches --------------------------------------------

/** resource → record id → its label; null when the record is gone or out of the caller's reach. */
const labels = new Map<string, Map<number, string | null>>();
const queued = new Map<string, { label: string; ids: Set<number>; request: EngineHost['request'] }>();
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
      const page = await batch.request<ListPage>(
        resourceUrl(resource, 'list'),
        { filters: [{ field: 'id', op: 'in', value: chunk }], pageSize: chunk.length },
        { silent: true },
      );
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
  const { request } = useEngineHost();
  const resource = field?.lookup?.resource;
  const id = typeof value === 'number' ? value : Number(value);
  const valid = resource !== undefined && value !== null && value !== '' && Number.isInteger(id) && id > 0;
  const label = useSyncExternalStore(subscribe, () => (valid ? labels.get(resource)?.get(id) : undefined));
  // Runs again when the label is forgotten (undefined once more) after the resource was written.
  useEffect(() => {
    if (!valid || label !== undefined) return;
    let batch = queued.get(resource);
    if (!batch) {
      batch = { label: field!.lookup!.label, ids: new Set(), request };
      queued.set(resource, batch);
      queueMicrotask(() => void flush(resource));
    }
    batch.ids.add(id);
  }, [valid, label, resource, id, field, request]);
  return valid ? label : undefined;
}

/** Forgets the labels of a resource's records, after they were written. */
export function forgetLookupLabels(resource?: string): void {
  if (resource) labels.delete(resource);
  else labels.clear();
  notify();
}
