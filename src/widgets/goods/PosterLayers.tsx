/**
 * The designer's layers panel: the elements from the front one down, each named by what it shows;
 * clicking one selects it, dragging one (@dnd-kit) moves it in the order, and the buttons move the
 * selected one a step or to the front or back, or delete it.
 */
import { Button, Tooltip } from 'antd';
import {
  AppstoreOutlined,
  BgColorsOutlined,
  DeleteOutlined,
  DollarOutlined,
  DownOutlined,
  FontSizeOutlined,
  PictureOutlined,
  QrcodeOutlined,
  ShoppingOutlined,
  UpOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import type { PosterElement, PosterElementKind } from '../../contract/api/posters';
import { useWidgetHost } from '../interface/host';
import type { LayerMove } from './poster-doc';
import { yuanOf } from './poster-geometry';

export const KIND_ICONS: Record<PosterElementKind, ReactNode> = {
  text: <FontSizeOutlined />,
  image: <PictureOutlined />,
  goods: <ShoppingOutlined />,
  price: <DollarOutlined />,
  qr: <QrcodeOutlined />,
  rect: <BgColorsOutlined />,
};

function Layer({ element, selected, name, onSelect }: { element: PosterElement; selected: boolean; name: string; onSelect(): void }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: element.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`poster-layer${selected ? ' poster-layer-selected' : ''}`}
      onClick={onSelect}
      data-layer={element.id}
      {...attributes}
      {...listeners}
    >
      {KIND_ICONS[element.kind]}
      <span className="poster-layer-name">{name}</span>
    </li>
  );
}

export interface PosterLayersProps {
  elements: PosterElement[];
  selected: string | null;
  onSelect(id: string): void;
  onMove(move: LayerMove): void;
  onReorder(id: string, overId: string): void;
  onDelete(): void;
}

export function PosterLayers({ elements, selected, onSelect, onMove, onReorder, onDelete }: PosterLayersProps) {
  const { t } = useWidgetHost();
  // A small travel before a drag starts, so a click still selects.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const nameOf = (element: PosterElement): string => {
    const kind = t(`goodsPosterKind_${element.kind}`);
    if (element.kind === 'text') return element.text.split('\n')[0] || kind;
    if (element.kind === 'goods') return `${kind} · ${element.name}`;
    if (element.kind === 'price') return `${kind} · ¥${yuanOf(element.price_fen)}`;
    return kind;
  };
  const frontFirst = [...elements].reverse();
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onReorder(String(active.id), String(over.id));
  };
  const none = selected === null;
  return (
    <div className="poster-layers">
      <div className="poster-panel-title">
        <AppstoreOutlined /> {t('goodsPosterLayers')}
      </div>
      <div className="poster-layer-tools">
        <Tooltip title={t('goodsPosterToFront')}>
          <Button size="small" icon={<VerticalAlignTopOutlined />} disabled={none} onClick={() => onMove('front')} aria-label={t('goodsPosterToFront')} />
        </Tooltip>
        <Tooltip title={t('goodsPosterForward')}>
          <Button size="small" icon={<UpOutlined />} disabled={none} onClick={() => onMove('forward')} aria-label={t('goodsPosterForward')} />
        </Tooltip>
        <Tooltip title={t('goodsPosterBackward')}>
          <Button size="small" icon={<DownOutlined />} disabled={none} onClick={() => onMove('backward')} aria-label={t('goodsPosterBackward')} />
        </Tooltip>
        <Tooltip title={t('goodsPosterToBack')}>
          <Button size="small" icon={<VerticalAlignBottomOutlined />} disabled={none} onClick={() => onMove('back')} aria-label={t('goodsPosterToBack')} />
        </Tooltip>
        <Tooltip title={t('goodsPosterDeleteElement')}>
          <Button size="small" danger icon={<DeleteOutlined />} disabled={none} onClick={onDelete} aria-label={t('goodsPosterDeleteElement')} />
        </Tooltip>
      </div>
      {elements.length === 0 ? (
        <p className="poster-muted">{t('goodsPosterNoElements')}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
          <SortableContext items={frontFirst.map((element) => element.id)} strategy={verticalListSortingStrategy}>
            <ul className="poster-layer-list">
              {frontFirst.map((element) => (
                <Layer key={element.id} element={element} selected={element.id === selected} name={nameOf(element)} onSelect={() => onSelect(element.id)} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}
