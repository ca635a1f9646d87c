/**
 * 商品管理 (商品 › 商品管理): the workbench where a seller changes many of the team's goods at once.
 * The categories with their counts on the left (a select on a phone), the picked category's goods
 * on the right with 上架/下架/调价/调库存/改类目 for the selection, each previewed before it is
 * applied; 操作记录 lists the past batches with 撤销. An administrator picks the team. Placed by
 * the screen goods/management as the block `goodsManagement`.
 */
import { useReducer, useState } from 'react';
import useSWR from 'swr';
import { Button, Card, Result, Select, Skeleton, Tabs } from 'antd';
import type { GoodsBatch } from '../../contract/api/goods-management';
import { useWidgetHost } from '../interface/host';
import { usePhone } from '../interface/phone';
import type { BlockProps } from '../interface/registry';
import { ManagementBatchDialog, type BatchRequest } from './ManagementBatchDialog';
import { ManagementCategories } from './ManagementCategories';
import { ManagementGoods } from './ManagementGoods';
import { ManagementHistory } from './ManagementHistory';
import './management.css';

export default function ManagementBlock(_: BlockProps) {
  const { t, data, useRevalidate } = useWidgetHost();
  const phone = usePhone();
  const revalidate = useRevalidate();
  const [team, setTeam] = useState<number | undefined>();
  const [category, setCategory] = useState<string | undefined>();
  const [tab, setTab] = useState('goods');
  const [request, setRequest] = useState<BatchRequest | null>(null);
  // Bumped by every batch and undo: the goods, the counts and 操作记录 read again.
  const [generation, changed] = useReducer((n: number) => n + 1, 0);
  const overview = useSWR(
    ['goods-management-overview', team ?? '', generation],
    async () => {
      const read = (id?: number) => data.goods.management.overview(id ? { team_id: String(id) } : {});
      const answer = await read(team);
      // An administrator starts on the first team; they may pick another.
      return team === undefined && answer.team_id === null && answer.teams.length > 0 ? read(answer.teams[0].id) : answer;
    },
    { keepPreviousData: true },
  );
  const shown = overview.data;

  const afterBatch = (batch?: GoodsBatch) => {
    setRequest(null);
    changed();
    revalidate('goods');
    // A rename or merge empties the category picked: follow its goods to their new one.
    if (batch && (batch.kind === 'rename_category' || batch.kind === 'merge_category') && batch.params.from === category) setCategory(String(batch.params.to));
  };

  if (overview.error && !shown) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void overview.mutate()}>{t('retry')}</Button>} />;
  if (!shown) return <Skeleton active />;
  const teamId = shown.team_id;
  const categories = shown.categories.map((row) => row.category).filter(Boolean);
  const teamPicker = shown.teams.length > 0 && (
    <Select
      aria-label={t('goodsMgmtTeam')}
      className="goods-mgmt-team"
      placeholder={t('goodsMgmtPickTeam')}
      value={teamId ?? undefined}
      onChange={(next: number) => {
        setTeam(next);
        setCategory(undefined);
      }}
      options={shown.teams.map((one) => ({ value: one.id, label: one.name }))}
    />
  );
  if (teamId === null) return <Result status="info" title={t('goodsMgmtPickTeam')} extra={teamPicker} />;

  const goodsTab = (
    <div className="goods-mgmt-main">
      <ManagementCategories
        overview={shown}
        value={category}
        onChange={setCategory}
        phone={phone}
        onCategoryBatch={shown.can_apply ? (kind, from) => setRequest({ kind, from, count: shown.categories.find((row) => row.category === from)?.total ?? 0 }) : undefined}
      />
      <ManagementGoods
        key={`${teamId}:${category ?? ''}`}
        team={teamId}
        category={category}
        generation={generation}
        phone={phone}
        onBatch={shown.can_apply ? (kind, selection, count) => setRequest({ kind, selection, count }) : undefined}
      />
    </div>
  );

  return (
    <Card size="small" className="goods-mgmt">
      {phone && teamPicker}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        tabBarExtraContent={(!phone && teamPicker) || undefined}
        items={[
          { key: 'goods', label: t('goodsMgmtTabGoods'), children: goodsTab },
          { key: 'history', label: t('goodsMgmtTabHistory'), children: <ManagementHistory team={teamId} canUndo={shown.can_apply} generation={generation} phone={phone} onUndone={() => afterBatch()} /> },
        ]}
      />
      {request && <ManagementBatchDialog team={teamId} request={request} categories={categories} phone={phone} onClose={() => setRequest(null)} onApplied={afterBatch} />}
    </Card>
  );
}
