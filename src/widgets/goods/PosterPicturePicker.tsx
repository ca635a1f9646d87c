/**
 * Where an image element's picture comes from: a goods' picture, a picture among the team's
 * 文件管理 files, or a new upload through the console's uploads. Every one is of this site, so the
 * poster still exports.
 */
import { useState } from 'react';
import { App, Button, Empty, Modal, Spin, Tabs, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import type { PosterElementOf } from '../../contract/api/posters';
import { IMAGE_TYPES } from '../../contract/upload';
import { useWidgetHost } from '../interface/host';
import { useFileUrl } from '../files/use-file-url';
import { usePosterGoods } from './PosterGoodsSelect';

export type PictureSource = PosterElementOf<'image'>['src'];

function FileTile({ id, updatedAt, name, onPick }: { id: number; updatedAt: number; name: string; onPick(): void }) {
  const url = useFileUrl(id, updatedAt);
  return (
    <button type="button" className="poster-picture" onClick={onPick} title={name}>
      {url ? <img src={url} alt={name} /> : <Spin size="small" />}
      <span>{name}</span>
    </button>
  );
}

function TeamFiles({ team, onPick }: { team: number | undefined; onPick(source: PictureSource): void }) {
  const { t, data } = useWidgetHost();
  // A search lists files of every folder; every picture's name has its extension's dot.
  const files = useSWR(['goods-poster-files', team ?? ''], () => data.files.list({ kind: 'image', keyword: '.', ...(team ? { team_id: String(team) } : {}) }));
  const rows = files.data?.files ?? [];
  if (files.isLoading) return <Spin />;
  if (rows.length === 0) return <Empty description={t('goodsPosterNoFiles')} />;
  return (
    <div className="poster-pictures">
      {rows.map((file) => (
        <FileTile key={file.id} id={file.id} updatedAt={file.updated_at} name={file.name} onPick={() => onPick({ file_id: file.id })} />
      ))}
    </div>
  );
}

function GoodsPictures({ onPick }: { onPick(source: PictureSource): void }) {
  const { t } = useWidgetHost();
  const goods = usePosterGoods()?.filter((item) => item.image);
  if (!goods) return <Spin />;
  if (goods.length === 0) return <Empty description={t('goodsPosterNoGoodsPictures')} />;
  return (
    <div className="poster-pictures">
      {goods.map((item) => (
        <button key={item.id} type="button" className="poster-picture" onClick={() => onPick({ url: item.image! })} title={item.name}>
          <img src={item.image!} alt={item.name} />
          <span>{item.name}</span>
        </button>
      ))}
    </div>
  );
}

export function PosterPicturePicker({ open, team, onClose, onPick }: { open: boolean; team: number | undefined; onClose(): void; onPick(source: PictureSource): void }) {
  const { t, upload } = useWidgetHost();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const pick = (source: PictureSource) => {
    onPick(source);
    onClose();
  };
  const sendFile = async (file: File) => {
    setBusy(true);
    try {
      const kept = await upload(file, 'image');
      pick({ url: new URL(kept.url, globalThis.location.href).pathname });
    } catch {
      message.error(t('goodsPosterUploadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('goodsPosterPicture')} footer={null} width={720} onCancel={onClose} destroyOnHidden>
      <Tabs
        items={[
          { key: 'goods', label: t('goodsPosterFromGoods'), children: <GoodsPictures onPick={pick} /> },
          { key: 'files', label: t('goodsPosterFromFiles'), children: <TeamFiles team={team} onPick={pick} /> },
          {
            key: 'upload',
            label: t('goodsPosterFromUpload'),
            children: (
              <Upload.Dragger
                accept={Object.values(IMAGE_TYPES).join(',')}
                showUploadList={false}
                disabled={busy}
                beforeUpload={(file) => {
                  void sendFile(file);
                  return false;
                }}
              >
                <p className="poster-upload-icon">
                  <UploadOutlined />
                </p>
                <p>{t('goodsPosterUploadHint')}</p>
                {busy && <Spin />}
              </Upload.Dragger>
            ),
          },
        ]}
      />
      <div className="poster-picker-foot">
        <Button onClick={onClose}>{t('goodsPosterCancel')}</Button>
      </div>
    </Modal>
  );
}
