import { useEffect, useMemo, useRef, useState } from 'react';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { GetListParams } from '../interface/data-provider';
import { useWidgetHost } from '../interface/host';
import { useFormValue, useFormValues } from '../interface/form-values';
import { controlState, usePlaceholder } from './common';
import { lookupFilters } from './lookup-filters';
import { SearchedSelect, useTypedKeyword } from './searched-select';

const PAGE_SIZE = 20;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A record of another resource (`lookup` fields), searched on the server as the user types.
 * `ui:options`: `resource` and `labelField` (from the field's definition); `dependsOn` a field of
 * this form, which must be chosen first and whose change clears this one; `filters` templates that
 * narrow the options by form values (lookup-filters.ts).
 */
export default function LookupWidget(props: WidgetProps) {
  const { value, onChange, options, registry } = props;
  const { t, useList, useOne } = useWidgetHost();
  const { disabled } = controlState(props);
  const resource = str(options.resource);
  const labelField = str(options.labelField) ?? 'name';
  const dependsOn = str(options.dependsOn);
  const parent = useFormValue(dependsOn);
  const readForm = useFormValues();
  const waiting = dependsOn !== undefined && isEmpty(parent);

  // Options load once the list is first opened, not for every lookup of a form merely shown; then they stay.
  const [opened, setOpened] = useState(false);
  const { keyword, search, clear } = useTypedKeyword();

  const filters = useMemo(
    () => lookupFilters(options.filters, dependsOn, dependsOn ? { ...readForm(), [dependsOn]: parent } : readForm()),
    [options.filters, dependsOn, parent, readForm],
  );
  const query = useMemo<Omit<GetListParams, 'resource'>>(() => ({ pagination: { page: 1, pageSize: PAGE_SIZE }, filters, ...(keyword ? { keyword } : {}) }), [filters, keyword]);
  const { data: page, isLoading } = useList(opened && !waiting && resource ? { resource, ...query } : undefined, { keepPreviousData: false });
  const listed = page?.rows.some((row) => row.id === value);
  const { data: chosen } = useOne(listed || typeof value !== 'number' ? undefined : resource, value as number);

  // Another parent means another set of options: the old choice no longer belongs to it.
  const seenParent = useRef(parent);
  useEffect(() => {
    if (seenParent.current === parent) return;
    seenParent.current = parent;
    if (!isEmpty(value)) onChange(undefined);
  }, [parent, value, onChange]);

  const choices = useMemo(() => {
    const rows = page?.rows ?? [];
    const all = chosen && !rows.some((row) => row.id === chosen.id) ? [chosen, ...rows] : rows;
    return all.map((row) => ({ value: row.id, label: String(row[labelField] ?? `#${row.id}`) }));
  }, [page, chosen, labelField]);

  const parentTitle = dependsOn ? ((registry.rootSchema.properties?.[dependsOn] as RJSFSchema | undefined)?.title ?? dependsOn) : '';
  const placeholder = usePlaceholder(props, 'select');
  return (
    <SearchedSelect
      widget={props}
      choices={choices}
      loading={isLoading}
      onSearch={search}
      onPicked={clear}
      placeholder={waiting ? t('formParentFirst', { field: parentTitle }) : placeholder}
      disabled={disabled || waiting}
      onOpenChange={(open) => open && setOpened(true)}
    />
  );
}
