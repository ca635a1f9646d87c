/**
 * 海报设计's first view: the team's saved posters as cards (thumbnail drawn by the renderer, name,
 * size, when and by whom last saved) with 打开 / 复制 / 删除, and 新建; a member who only reads
 * posters gets 查看 alone. An administrator sees every
 * team's posters and may narrow them to one team.
 */
import { App, Button, Card, Empty, Popconfirm, Select, Skeleton, Tag } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import type { Poster } from '../../contract/api/posters';
import { useWidgetHost } from '../interface/host';
import { formatTime } from '../cells/format';
import { fitScale } from './poster-geometry';
import { PosterCanvas } from './PosterCanvas';
import { usePosterPictures } from './usePosterPictures';

const THUMB = { width: 240, height: 200 };

function PosterThumb({ poster }: { poster: Poster }) {
  const pictures = usePosterPictures(poster.doc);
  const scale = fitScale(poster.width, poster.height, THUMB.width, THUMB.height, 8);
  return (
    <div className="poster-thumb">
      <PosterCanvas doc={poster.doc} pictures={pictures} scale={scale} label={poster.name} />
    </div>
  );
}

export interface PosterListProps {
  rows: Poster[] | undefined;
  severalTeams: boolean;
  /** The reader may make, copy and delete posters (posters:write); without it the list only opens them. */
  writes: boolean;
  team: number | undefined;
  onTeam(team: number | undefined): void;
  onNew(): void;
  onOpen(poster: Poster): void;
  onCopy(poster: Poster): Promise<void>;
  onDelete(poster: Poster): Promise<void>;
}

function TeamPicker({ value, onChange }: { value: number | undefined; onChange(team: number | undefined): void }) {
  const { t, data } = useWidgetHost();
  const teams = useSWR(['goods-poster-teams'], () => data.rowTeams({ resource: 'goods' }));
  return (
    <Select
      allowClear
      aria-label={t('goodsPosterTeam')}
      className="poster-team"
      value={value}
      placeholder={t('goodsPosterAllTeams')}
      onChange={(team?: number) => onChange(team)}
      loading={teams.isLoading}
      options={(teams.data ?? []).map((team) => ({ value: Number(team.value), label: team.label }))}
    />
  );
}

export function PosterList({ rows, severalTeams, writes, team, onTeam, onNew, onOpen, onCopy, onDelete }: PosterListProps) {
  const { t } = useWidgetHost();
  const { message } = App.useApp();
  return (
    <div className="poster-list">
      <div className="poster-list-head">
        <div>
          <h3>{t('goodsPosterTitle')}</h3>
          <span className="poster-muted">{t('goodsPosterIntro')}</span>
        </div>
        <div className="poster-list-tools">
          {severalTeams && <TeamPicker value={team} onChange={onTeam} />}
          {writes && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onNew}>
              {t('goodsPosterNew')}
            </Button>
          )}
        </div>
      </div>
      {!rows ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty description={t('goodsPosterNone')}>
          {writes && (
            <Button type="primary" onClick={onNew}>
              {t('goodsPosterNew')}
            </Button>
          )}
        </Empty>
      ) : (
        <div className="poster-grid">
          {rows.map((poster) => (
            <Card
              key={poster.id}
              className="poster-card"
              hoverable
              cover={
                <button type="button" className="poster-cover" onClick={() => onOpen(poster)} aria-label={`${t('goodsPosterOpen')} ${poster.name}`}>
                  <PosterThumb poster={poster} />
                </button>
              }
              actions={[
                <Button key="open" type="text" icon={writes ? <EditOutlined /> : <EyeOutlined />} onClick={() => onOpen(poster)}>
                  {writes ? t('goodsPosterOpen') : t('goodsPosterView')}
                </Button>,
                ...(writes
                  ? [
                      <Button key="copy" type="text" icon={<CopyOutlined />} onClick={() => void onCopy(poster).then(() => message.success(t('goodsPosterCopied')))}>
                        {t('goodsPosterCopy')}
                      </Button>,
                      <Popconfirm
                        key="delete"
                        title={t('goodsPosterDeleteConfirm', { name: poster.name })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => onDelete(poster).then(() => void message.success(t('goodsPosterDeleted')))}
                      >
                        {/* Not antd's danger text button: in the dark theme its red is too dim on the card; the readable error text colour is not. */}
                        <Button type="text" className="poster-delete" icon={<DeleteOutlined />}>
                          {t('goodsPosterDelete')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <Card.Meta
                title={<span className="poster-card-name">{poster.name}</span>}
                description={
                  <div className="poster-card-meta">
                    <span>
                      <Tag>{`${poster.width}×${poster.height}`}</Tag>
                      {severalTeams && <Tag color="blue">{poster.team_name}</Tag>}
                    </span>
                    <span className="poster-muted">{t('goodsPosterSavedBy', { name: poster.updated_by_name, at: formatTime(poster.updated_at, 'MM-DD HH:mm') })}</span>
                  </div>
                }
              />
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
