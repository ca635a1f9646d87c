import { Fragment, type ReactNode } from 'react';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { HolderOutlined, SettingOutlined, VerticalAlignBottomOutlined, VerticalAlignMiddleOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEngineHost } from '../host';
import { useThemeVars } from '../theme';
import type { ColumnSettings as Settings, Pin } from './column-settings';

export interface SettingsColumn {
  id: string;
  title: string;
}

const GROUP: Record<Pin | 'none', number> = { start: 0, none: 1, end: 2 };
const GROUP_TITLE = { start: 'columnsPinnedStart', none: 'columnsUnpinned', end: 'columnsPinnedEnd' } as const;

/** The columns in the order the table draws them: pinned left, unpinned, pinned right. */
export function drawnOrder(settings: Settings): string[] {
  const group = (id: string) => GROUP[settings.pinned[id] ?? 'none'];
  return [...settings.order].sort((a, b) => group(a) - group(b));
}

function PinButton({ active, label, icon, onClick }: { active: boolean; label: string; icon: ReactNode; onClick(): void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} aria-pressed={active} className={active ? 'is-active' : undefined} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

function SortableColumn({ column, settings, onChange }: { column: SettingsColumn; settings: Settings; onChange(next: Settings): void }) {
  const { t } = useEngineHost();
  const { setNodeRef, attributes, listeners, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: column.id });
  const shown = !settings.hidden.includes(column.id);
  const pin = settings.pinned[column.id];
  const setPin = (next: Pin | undefined) => {
    const pinned = { ...settings.pinned };
    if (next) pinned[column.id] = next;
    else delete pinned[column.id];
    onChange({ ...settings, pinned });
  };
  return (
    <li ref={setNodeRef} className={`engine-colset-item${isDragging ? ' is-dragging' : ''}`} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <span ref={setActivatorNodeRef} className="engine-colset-handle" aria-label={t('dragToReorder')} {...attributes} {...listeners}>
        <HolderOutlined />
      </span>
      <Checkbox
        checked={shown}
        onChange={(e) => onChange({ ...settings, hidden: e.target.checked ? settings.hidden.filter((id) => id !== column.id) : [...settings.hidden, column.id] })}
      >
        {column.title}
      </Checkbox>
      <span className="engine-colset-pins">
        <PinButton active={pin === 'start'} label={t('pinStart')} icon={<VerticalAlignTopOutlined />} onClick={() => setPin(pin === 'start' ? undefined : 'start')} />
        <PinButton active={!pin} label={t('unpin')} icon={<VerticalAlignMiddleOutlined />} onClick={() => setPin(undefined)} />
        <PinButton active={pin === 'end'} label={t('pinEnd')} icon={<VerticalAlignBottomOutlined />} onClick={() => setPin(pin === 'end' ? undefined : 'end')} />
      </span>
    </li>
  );
}

/**
 * Column settings: show or hide each column, drag to reorder, pin to the left or right. Changes
 * apply at once and are remembered for this user and screen; reset returns to the screen's own.
 */
export function ColumnSettings({ columns, settings, onChange, onReset }: { columns: SettingsColumn[]; settings: Settings; onChange(next: Settings): void; onReset(): void }) {
  const { t } = useEngineHost();
  const vars = useThemeVars();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const titles = new Map(columns.map((c) => [c.id, c.title]));
  const order = drawnOrder(settings).filter((id) => titles.has(id));
  const allShown = settings.hidden.length === 0;

  const move = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)));
    // Dropped among another group's columns, a column joins that group, as in antd Pro's settings.
    const target = settings.pinned[String(over.id)];
    const pinned = { ...settings.pinned };
    if (target) pinned[String(active.id)] = target;
    else delete pinned[String(active.id)];
    onChange({ ...settings, order: next, pinned });
  };

  const content = (
    <div className="engine-colset" style={vars}>
      <div className="engine-colset-head">
        <Checkbox
          checked={allShown}
          indeterminate={!allShown && settings.hidden.length < order.length}
          onChange={(e) => onChange({ ...settings, hidden: e.target.checked ? [] : [...order] })}
        >
          {t('columnSettings')}
        </Checkbox>
        <Button type="link" size="small" onClick={onReset}>
          {t('columnsReset')}
        </Button>
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={move}>
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ul className="engine-colset-list">
            {order.map((id, i) => {
              const group = settings.pinned[id] ?? 'none';
              // A group's title stands before its first column once anything is pinned.
              const title = Object.keys(settings.pinned).length > 0 && (i === 0 || (settings.pinned[order[i - 1]!] ?? 'none') !== group);
              return (
                <Fragment key={id}>
                  {title && <li className="engine-colset-group">{t(GROUP_TITLE[group])}</li>}
                  <SortableColumn column={{ id, title: titles.get(id)! }} settings={settings} onChange={onChange} />
                </Fragment>
              );
            })}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" arrow={false}>
      <Tooltip title={t('columnSettings')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('columnSettings')} />
      </Tooltip>
    </Popover>
  );
}
