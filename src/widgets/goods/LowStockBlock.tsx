/**
 * The goods whose stock has run low, fewest first: a bespoke block built on the engine's headless
 * list controller and the data provider, drawn its own way (a plain list, not the engine's table).
 * The worked example of docs/widgets.md: it imports nothing of the engine, only the widgets'
 * interface. `options.resource` (goods by default) and `options.low` (GOODS_LOW_STOCK) tune it.
 */
import { useMemo } from 'react';
import { Button, Empty, Flex, Pagination, Result, Skeleton, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ResourceDefinition } from '../../contract/resource';
import type { ListSpec } from '../../contract/screen';
import { GOODS_LOW_STOCK } from '../../contract/api/goods';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { StockLevelCell } from './StockLevelCell';

const PAGE_SIZE = 10;

function LowStockList({ definition, screenId, low }: { definition: ResourceDefinition; screenId: string; low: number }) {
  const { t, lang, useListController } = useWidgetHost();
  const { token } = theme.useToken();
  // What a screen's list would say: the columns it reads, a fixed filter, a sort and a page size.
  const spec = useMemo<ListSpec>(
    () => ({
      columns: [{ field: 'name' }, { field: 'stock' }],
      filters: [{ field: 'stock', op: 'range', value: [null, low] }],
      defaultSort: [{ field: 'stock', order: 'asc' }],
      pageSize: PAGE_SIZE,
    }),
    [low],
  );
  const list = useListController({ definition, spec, screenId });
  if (list.error && !list.data) return <Result status="error" title={t('loadFailed')} extra={<Button onClick={list.refresh}>{t('retry')}</Button>} />;
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <strong>{definition.title[lang]}</strong>
        <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={list.refresh} />
      </Flex>
      {/* Plain rows: antd's List is deprecated, and its successor (Listy) is a virtual list for long ones. */}
      {list.isLoading && !list.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.rows.map((record) => (
            <Flex component="li" key={record.id} justify="space-between" align="center" style={{ padding: '8px 0', borderBlockEnd: `1px solid ${token.colorSplit}` }}>
              <span>{String(record.name ?? `#${record.id}`)}</span>
              <StockLevelCell value={record.stock} record={record} field={undefined} options={{ low }} />
            </Flex>
          ))}
        </ul>
      )}
      <Pagination size="small" align="end" current={list.page} pageSize={list.pageSize} total={list.total} showTotal={(total) => t(list.totalCapped ? 'totalAtLeast' : 'total', { total })} onChange={list.setPage} />
    </Flex>
  );
}

export default function LowStockBlock({ screen, options }: BlockProps) {
  const { useDefinition } = useWidgetHost();
  const { data: definition } = useDefinition(typeof options.resource === 'string' ? options.resource : 'goods');
  const low = typeof options.low === 'number' ? options.low : GOODS_LOW_STOCK;
  if (!definition) return <Skeleton active paragraph={{ rows: 4 }} />;
  return <LowStockList definition={definition} screenId={screen.id} low={low} />;
}
