import { createElement, Suspense, useMemo } from 'react';
import { Alert, Skeleton } from 'antd';
import type { DetailSpec, ListSpec, Screen } from '../../contract/screen';
import { useEngineRegistry } from '../registry';
import { useEngineHost } from '../host';
import { useResourceDefinition } from '../data';

type RelatedSpec = NonNullable<DetailSpec['related']>[number];

/** Records of another resource that point at this one, drawn by the list renderer as a compact list. */
export function Related({ related, parent, id }: { related: RelatedSpec; parent: Screen; id: number }) {
  const { t, lang } = useEngineHost();
  const { data: definition, error } = useResourceDefinition(related.resource);
  const screen = useMemo<Screen>(() => {
    const list: ListSpec = { columns: related.columns, filters: [{ field: related.field, op: 'eq', value: id }], pageSize: 10, pageSizes: [10, 20, 50] };
    return { id: parent.id, version: parent.version, title: related.title, kind: 'list', resource: related.resource, list };
  }, [related, parent.id, parent.version, id]);
  const List = useEngineRegistry().renderers.list;
  if (!List) return <Alert type="info" showIcon title={t('detailListMissing', { title: related.title[lang] })} />;
  if (error) return <Alert type="warning" showIcon title={related.title[lang]} description={(error as { message?: string }).message} />;
  if (!definition) return <Skeleton active paragraph={{ rows: 3 }} />;
  return <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>{createElement(List, { screen, definition, spec: screen.list!, compact: true })}</Suspense>;
}
