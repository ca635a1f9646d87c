/**
 * 海报设计 (商品 › 海报设计): the team's promotion posters for its goods (WeChat moments, the live
 * room, the store's banner). The list of saved posters with 新建 / 打开 / 复制 / 删除, and the
 * designer. On a phone the list works as on a desk; an opened poster shows as a preview (with
 * 导出 PNG) and a hint to design on a wider screen. Placed by the screen goods/poster as the block
 * `goodsPoster`. A member who only reads posters (posters:read) sees the list and the preview.
 */
import { useState } from 'react';
import { Alert, Button, Result, Space } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import { POSTERS_WRITE, type Poster } from '../../contract/api/posters';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { usePhone } from '../interface/phone';
import { fitScale } from './poster-geometry';
import { loadPictures, posterPng } from './poster-render';
import { PosterCanvas } from './PosterCanvas';
import { PosterDesigner, type DesignerDraft } from './PosterDesigner';
import { PosterList } from './PosterList';
import { PosterNewDialog } from './PosterNewDialog';
import { usePictureLoader, usePosterPictures } from './usePosterPictures';
import './poster.css';

/** A read-only look at a poster, with its PNG to save: on a phone, or for a member who only reads posters. */
function PosterPreview({ poster, hint, onBack }: { poster: Poster; hint: string; onBack(): void }) {
  const { t } = useWidgetHost();
  const pictures = usePosterPictures(poster.doc);
  const load = usePictureLoader();
  const width = Math.min(globalThis.innerWidth || 360, 480) - 32;
  const download = async () => {
    const blob = await posterPng(poster.doc, await loadPictures(poster.doc, load, pictures));
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${poster.name}.png`;
    link.click();
  };
  return (
    <div className="poster-phone">
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          {t('goodsPosterBack')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void download()}>
          {t('goodsPosterExport')}
        </Button>
      </Space>
      <Alert type="info" showIcon message={hint} />
      <h3>{poster.name}</h3>
      <PosterCanvas doc={poster.doc} pictures={pictures} scale={fitScale(poster.width, poster.height, width, 10_000, 0)} label={poster.name} className="poster-phone-canvas" />
    </div>
  );
}

export default function PosterBlock(_: BlockProps) {
  const { t, data, useDefinition, can } = useWidgetHost();
  const phone = usePhone();
  const writes = can(POSTERS_WRITE);
  // Whoever reads several teams' goods (an administrator) sees every team's posters and may pick one.
  // A member who reads posters but not goods (the team manager) is asked nothing of goods: it would be refused.
  const severalTeams = useDefinition(can('goods:read') ? 'goods' : undefined).data?.severalTeams === true;
  const [team, setTeam] = useState<number | undefined>();
  const list = useSWR(['goods-posters', team ?? ''], () => data.goods.posters(team ? { team_id: String(team) } : {}));
  const [draft, setDraft] = useState<DesignerDraft | null>(null);
  const [creating, setCreating] = useState(false);

  const open = async (row: Poster) => {
    // The list's copy may be old: the designer starts from the poster as saved now.
    const poster = await data.goods.poster(row.id);
    setDraft({ poster, name: poster.name, doc: poster.doc });
  };

  if (list.error && !list.data) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void list.mutate()}>{t('retry')}</Button>} />;
  if (draft?.poster && (phone || !writes)) {
    const hint = writes ? t('goodsPosterPhoneHint') : t('goodsPosterReadOnlyHint');
    return <PosterPreview poster={{ ...draft.poster, doc: draft.doc }} hint={hint} onBack={() => setDraft(null)} />;
  }
  if (draft && !phone) {
    return (
      <PosterDesigner
        key={draft.poster?.id ?? 'new'}
        draft={draft}
        onBack={() => {
          setDraft(null);
          void list.mutate();
        }}
        onSaved={() => void list.mutate()}
      />
    );
  }
  return (
    <>
      <PosterList
        rows={list.data?.rows}
        severalTeams={severalTeams}
        writes={writes}
        team={team}
        onTeam={setTeam}
        onNew={() => setCreating(true)}
        onOpen={(poster) => void open(poster)}
        onCopy={async (poster) => {
          await data.goods.createPoster({ name: `${poster.name.slice(0, 55)} ${t('goodsPosterCopySuffix')}`, doc: poster.doc, team_id: poster.team_id });
          await list.mutate();
        }}
        onDelete={async (poster) => {
          await data.goods.deletePoster(poster.id);
          await list.mutate();
        }}
      />
      {writes && (
        <PosterNewDialog
          open={creating}
          severalTeams={severalTeams}
          onCancel={() => setCreating(false)}
          onCreate={async (made) => {
            // A phone has no designer: the poster is kept at once and shown as a preview.
            const poster = phone ? await data.goods.createPoster(made) : null;
            setCreating(false);
            if (poster) void list.mutate();
            setDraft({ poster, ...made });
          }}
        />
      )}
    </>
  );
}
