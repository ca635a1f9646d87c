/**
 * The poster designer: a toolbar (back, name, undo/redo, the elements to add, 保存, 另存为, 导出
 * PNG, 保存到文件管理), the layers on the left, the stage in the middle and the properties on the
 * right. Ctrl+Z / Ctrl+Shift+Z undo and redo, the arrows nudge the selected element (Shift: ten
 * pixels), Delete removes it. A save over a version a teammate saved meanwhile is refused by the
 * server; nothing is lost: the designer offers 另存为 with the work as it is.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Input, Space, Tooltip } from 'antd';
import { ArrowLeftOutlined, CloudUploadOutlined, DownloadOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { POSTER_NAME_MAX, type Poster, type PosterDoc, type PosterElement, type PosterElementKind } from '../../contract/api/posters';
import { useWidgetHost } from '../interface/host';
import { addElement, changeElement, commit, historyOf, moveLayer, newElementId, placeNew, redo, removeElement, reorderLayer, undo, type History } from './poster-doc';
import { nudged } from './poster-geometry';
import { loadPictures, posterPng } from './poster-render';
import { KIND_ICONS, PosterLayers } from './PosterLayers';
import { PosterProperties } from './PosterProperties';
import { PosterStage } from './PosterStage';
import { usePictureLoader, usePosterPictures } from './usePosterPictures';
import { PosterPicturePicker, type PictureSource } from './PosterPicturePicker';
import { usePosterGoods } from './PosterGoodsSelect';

const KINDS: PosterElementKind[] = ['text', 'image', 'goods', 'price', 'qr', 'rect'];

/** What a new element of a kind starts as; a picture waits for its source. */
function newElement(doc: PosterDoc, kind: PosterElementKind, words: { text: string; price: string }, goods: { id: number; name: string; price_fen: number; image: string | null } | undefined, picture?: PictureSource): PosterElement {
  const box = { id: newElementId(doc, kind), ...placeNew(doc, kind) };
  switch (kind) {
    case 'text':
      return { ...box, kind, text: words.text, size: Math.round(Math.min(doc.width, doc.height) / 14), color: '#262626', weight: 'bold', align: 'center' };
    case 'image':
      return { ...box, kind, src: picture ?? { url: '/' }, fit: 'cover', radius: 0 };
    case 'goods':
      return { ...box, kind, goods_id: goods?.id ?? 1, name: goods?.name ?? '', price_fen: goods?.price_fen ?? 0, image: goods?.image ?? null, color: '#262626', accent: '#f5222d', background: '#ffffff' };
    case 'price':
      return { ...box, kind, label: words.price, price_fen: goods?.price_fen ?? 9900, color: '#ffffff', background: '#f5222d' };
    case 'qr':
      return { ...box, kind, link: goods ? `/goods/list?id=${goods.id}` : '/', color: '#000000', background: '#ffffff' };
    case 'rect':
      return { ...box, kind, fill: { type: 'gradient', from: '#ffd666', to: '#ff7a45', direction: 'horizontal' }, radius: 16 };
  }
}

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export interface DesignerDraft {
  /** The saved poster being changed; null for a new one not saved yet. */
  poster: Poster | null;
  name: string;
  doc: PosterDoc;
  team_id?: number;
}

export interface PosterDesignerProps {
  draft: DesignerDraft;
  onBack(): void;
  /** Saved or saved as: the list reads again. */
  onSaved(poster: Poster): void;
}

export function PosterDesigner({ draft, onBack, onSaved }: PosterDesignerProps) {
  const { t, data } = useWidgetHost();
  const { message, modal } = App.useApp();
  const [history, setHistory] = useState<History>(() => historyOf(draft.doc));
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState(draft.name);
  const [poster, setPoster] = useState<Poster | null>(draft.poster);
  const [savedDoc, setSavedDoc] = useState<PosterDoc | null>(draft.poster ? draft.doc : null);
  const [busy, setBusy] = useState<'save' | 'export' | 'files' | null>(null);
  const [picking, setPicking] = useState(false);
  const doc = history.present;
  const pictures = usePosterPictures(doc);
  const load = usePictureLoader();
  const goods = usePosterGoods();
  const team = poster?.team_id ?? draft.team_id;
  const element = doc.elements.find((item) => item.id === selected);
  const dirty = doc !== savedDoc || name !== (poster?.name ?? '');

  const edit = useCallback((next: PosterDoc) => setHistory((current) => commit(current, next)), []);
  const changeSelected = (id: string, values: Partial<PosterElement>) => edit(changeElement(doc, id, values));

  const add = (kind: PosterElementKind, picture?: PictureSource) => {
    if (kind === 'image' && !picture) {
      setPicking(true);
      return;
    }
    const item = newElement(doc, kind, { text: t('goodsPosterNewText'), price: t('goodsPosterWordPrice') }, goods?.find((row) => row.image) ?? goods?.[0], picture);
    edit(addElement(doc, item));
    setSelected(item.id);
  };

  const saveAs = async (asName: string) => {
    const made = await data.goods.createPoster({ name: asName.slice(0, POSTER_NAME_MAX), doc, ...(team ? { team_id: team } : {}) });
    setPoster(made);
    setName(made.name);
    setSavedDoc(doc);
    onSaved(made);
    message.success(t('goodsPosterSaved'));
  };

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      message.warning(t('goodsPosterNameNeeded'));
      return;
    }
    setBusy('save');
    try {
      if (!poster) {
        await saveAs(trimmed);
        return;
      }
      try {
        const saved = await data.goods.savePoster(poster.id, { name: trimmed, doc, version: poster.version });
        setPoster(saved);
        setSavedDoc(doc);
        onSaved(saved);
        message.success(t('goodsPosterSaved'));
      } catch (error) {
        if ((error as { status?: number }).status !== 409) {
          message.error(error instanceof Error ? error.message : String(error));
          return;
        }
        modal.confirm({
          title: t('goodsPosterConflict'),
          content: error instanceof Error ? error.message : '',
          okText: t('goodsPosterSaveAs'),
          cancelText: t('goodsPosterKeepEditing'),
          onOk: () => saveAs(`${trimmed.slice(0, POSTER_NAME_MAX - 4)} ${t('goodsPosterCopySuffix')}`),
        });
      }
    } finally {
      setBusy(null);
    }
  };

  const askSaveAs = () => {
    let asName = `${name.trim().slice(0, POSTER_NAME_MAX - 4)} ${t('goodsPosterCopySuffix')}`;
    modal.confirm({
      title: t('goodsPosterSaveAs'),
      content: <Input defaultValue={asName} maxLength={POSTER_NAME_MAX} onChange={(event) => (asName = event.target.value)} aria-label={t('goodsPosterName')} />,
      okText: t('goodsPosterSave'),
      onOk: () => saveAs(asName.trim() || name),
    });
  };

  const png = async () => posterPng(doc, await loadPictures(doc, load, pictures));
  const fileName = () => `${(name.trim() || t('goodsPosterTitle')).replace(/[\\/:*?"<>|]/g, '_')}-${dayjs().format('YYYYMMDD-HHmmss')}.png`;

  const exportPng = async () => {
    setBusy('export');
    try {
      const blob = await png();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName();
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      message.error(t('goodsPosterExportFailed'));
    } finally {
      setBusy(null);
    }
  };

  const toFiles = async () => {
    setBusy('files');
    try {
      const blob = await png();
      const file = new File([blob], fileName(), { type: 'image/png' });
      await data.files.upload({ file, query: team ? { team_id: String(team) } : {} });
      message.success(t('goodsPosterToFilesDone', { name: file.name }));
    } catch (error) {
      message.error(error instanceof Error && error.message ? error.message : t('goodsPosterExportFailed'));
    } finally {
      setBusy(null);
    }
  };

  // Keys: while typing into a field they are the field's.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        setHistory((current) => (event.shiftKey ? redo(current) : undo(current)));
        return;
      }
      if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        setHistory(redo);
        return;
      }
      if (!selected) return;
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        setHistory((current) => commit(current, removeElement(current.present, selected)));
        setSelected(null);
        return;
      }
      const target = history.present.elements.find((item) => item.id === selected);
      const box = target && nudged(target, event.key, event.shiftKey);
      if (box) {
        event.preventDefault();
        setHistory((current) => commit(current, changeElement(current.present, selected, { x: box.x, y: box.y })));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, history.present]);

  const back = () => {
    if (!dirty) return onBack();
    modal.confirm({ title: t('goodsPosterLeave'), content: t('goodsPosterLeaveHint'), okText: t('goodsPosterLeaveOk'), okButtonProps: { danger: true }, onOk: onBack });
  };

  return (
    <div className="poster-designer">
      <div className="poster-toolbar">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            {t('goodsPosterBack')}
          </Button>
          <Input className="poster-name" value={name} maxLength={POSTER_NAME_MAX} onChange={(event) => setName(event.target.value)} aria-label={t('goodsPosterName')} placeholder={t('goodsPosterName')} />
          <span className="poster-muted">{`${doc.width}×${doc.height}`}</span>
          <Tooltip title={t('goodsPosterUndo')}>
            <Button icon={<UndoOutlined />} disabled={history.past.length === 0} onClick={() => setHistory(undo)} aria-label={t('goodsPosterUndo')} />
          </Tooltip>
          <Tooltip title={t('goodsPosterRedo')}>
            <Button icon={<RedoOutlined />} disabled={history.future.length === 0} onClick={() => setHistory(redo)} aria-label={t('goodsPosterRedo')} />
          </Tooltip>
        </Space>
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={busy === 'export'} onClick={() => void exportPng()}>
            {t('goodsPosterExport')}
          </Button>
          <Button icon={<CloudUploadOutlined />} loading={busy === 'files'} onClick={() => void toFiles()}>
            {t('goodsPosterToFiles')}
          </Button>
          {poster && <Button onClick={askSaveAs}>{t('goodsPosterSaveAs')}</Button>}
          <Button type="primary" icon={<SaveOutlined />} loading={busy === 'save'} onClick={() => void save()}>
            {dirty ? t('goodsPosterSave') : t('goodsPosterSavedShort')}
          </Button>
        </Space>
        <Space wrap className="poster-add">
          {KINDS.map((kind) => (
            <Button key={kind} icon={KIND_ICONS[kind]} onClick={() => add(kind)} data-add={kind}>
              {t(`goodsPosterKind_${kind}`)}
            </Button>
          ))}
        </Space>
      </div>
      <div className="poster-work">
        <PosterLayers
          elements={doc.elements}
          selected={selected}
          onSelect={setSelected}
          onMove={(move) => selected && edit(moveLayer(doc, selected, move))}
          onReorder={(id, overId) => edit(reorderLayer(doc, id, overId))}
          onDelete={() => {
            if (!selected) return;
            edit(removeElement(doc, selected));
            setSelected(null);
          }}
        />
        <PosterStage
          doc={doc}
          pictures={pictures}
          selected={selected}
          onSelect={setSelected}
          onPreview={(next) => setHistory((current) => ({ ...current, present: next }))}
          onCommit={(next, from) => setHistory((current) => commit(current, next, from))}
        />
        <div className="poster-side">
          <PosterProperties doc={doc} element={element} team={team} onElement={changeSelected} onDoc={edit} />
        </div>
      </div>
      <PosterPicturePicker open={picking} team={team} onClose={() => setPicking(false)} onPick={(source) => add('image', source)} />
    </div>
  );
}
