import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dropdown, theme, type MenuProps } from 'antd';
import {
  CloseCircleOutlined, CloseOutlined, ColumnWidthOutlined, DownOutlined, LeftOutlined, ReloadOutlined, RightOutlined,
  VerticalLeftOutlined, VerticalRightOutlined,
} from '@ant-design/icons';
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors,
  type Announcements, type DragEndEvent, type Modifier, type UniqueIdentifier,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { settings } from '../../contract/settings';
import { useI18n } from '../i18n/I18nProvider';
import { menuIcon } from '../router/menu-icons';
import { close, closeAll, closeLeft, closeOthers, closeRight, move, type TabRoute, type TabsChange } from './tab-rules';
import { refreshTab, tabsStore } from './tabs-store';
import { useShownTabs } from './shown-tabs';
import { scrollShowing, scrollStep, useStripScroll } from './strip-scroll';
import './tabs.css';

export type TabsBarStyle = 'card' | 'smart' | 'smooth' | 'rect';

export interface TabsBarProps {
  style?: TabsBarStyle;
  showIcon?: boolean;
  draggable?: boolean;
}

const CLOSERS = {
  close,
  closeOthers,
  closeLeft,
  closeRight,
  closeAll: (tabs: TabRoute[], _path: string, active: string) => closeAll(tabs, active),
} satisfies Record<string, (tabs: TabRoute[], path: string, active: string) => TabsChange>;

type CloseAction = keyof typeof CLOSERS;

const CLOSE_ICONS: Record<CloseAction, ReactNode> = {
  close: <CloseOutlined />,
  closeOthers: <ColumnWidthOutlined />,
  closeLeft: <VerticalRightOutlined />,
  closeRight: <VerticalLeftOutlined />,
  closeAll: <CloseCircleOutlined />,
};

/** Tabs only slide sideways while dragged. */
const alongTheBar: Modifier = ({ transform }) => ({ ...transform, y: 0 });

/** Enter opens a tab, so only Space picks one up for a keyboard drag. */
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space'] };

interface TabItemProps {
  tab: TabRoute;
  active: boolean;
  showIcon: boolean;
  draggable: boolean;
  onOpen: (path: string) => void;
  onClose: (path: string) => void;
}

function TabItem({ tab, active, showIcon, draggable, onOpen, onClose }: TabItemProps) {
  const { t, lang } = useI18n();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: tab.path,
    disabled: !draggable,
    attributes: { role: 'tab' },
  });
  const title = tab.meta.title[lang];
  const closable = !tab.meta.noClosable;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter') onOpen(tab.path);
    listeners?.onKeyDown?.(event);
  }

  function onAuxClick(event: MouseEvent) {
    if (event.button !== 1 || !closable) return;
    event.preventDefault();
    onClose(tab.path);
  }

  return (
    <div
      ref={setNodeRef}
      role="tab"
      tabIndex={0}
      // Without dragging, the sortable attributes would only announce the tab as disabled.
      {...(draggable ? attributes : {})}
      {...listeners}
      aria-selected={active}
      data-tab-path={tab.path}
      className={`tabs-bar-tab${active ? ' is-active' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onClick={() => onOpen(tab.path)}
      onKeyDown={onKeyDown}
      // A middle press would start the browser's autoscroll instead of the close on release.
      onMouseDown={(event) => event.button === 1 && event.preventDefault()}
      onAuxClick={onAuxClick}
    >
      {showIcon && menuIcon(tab.meta.icon)}
      <span className="tabs-bar-title">{title}</span>
      {closable && (
        <span
          role="button"
          className="tabs-bar-close"
          aria-label={t('tabs.closeTab', { title })}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={(event) => {
            event.stopPropagation();
            onClose(tab.path);
          }}
        >
          <CloseOutlined />
        </span>
      )}
    </div>
  );
}

/**
 * The bar of open tabs above the content (spec §4): click to open, close icon or middle click to
 * close, right click for refresh and the close actions, drag to reorder.
 */
export function TabsBar({ style = 'card', showIcon = true, draggable = true }: TabsBarProps) {
  const { tabs, path: active } = useShownTabs();
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [menuPath, setMenuPath] = useState(active);
  const strip = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click still opens the tab.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );

  const scroll = useStripScroll(strip, tabs.length);

  useEffect(() => {
    const bar = strip.current;
    const tab = [...(bar?.querySelectorAll<HTMLElement>('[data-tab-path]') ?? [])].find((el) => el.dataset.tabPath === active);
    if (bar && tab) bar.scrollLeft = scrollShowing(bar, tab);
  }, [active, tabs.length]);

  const step = (direction: -1 | 1) => {
    if (strip.current) strip.current.scrollLeft = scrollStep(strip.current, direction);
  };

  function apply({ tabs: left, next }: TabsChange) {
    tabsStore.set(left);
    if (next !== active) navigate(next ?? '/');
  }

  const open = (path: string) => path !== active && navigate(path);
  const closeTab = (path: string) => apply(close(tabs, path, active));

  function onContextMenu(event: MouseEvent) {
    const tab = (event.target as Element).closest<HTMLElement>('[data-tab-path]');
    setMenuPath(tab?.dataset.tabPath ?? active);
  }

  const menu: MenuProps = {
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
      { type: 'divider' },
      ...(Object.keys(CLOSERS) as CloseAction[]).map((key) => ({
        key,
        icon: CLOSE_ICONS[key],
        label: t(`tabs.${key}`),
        disabled: CLOSERS[key](tabs, menuPath, active).tabs.length === tabs.length,
      })),
    ],
    onClick: ({ key }) => {
      if (key !== 'refresh') return apply(CLOSERS[key as CloseAction](tabs, menuPath, active));
      refreshTab(menuPath);
      open(menuPath);
    },
  };

  // Every open tab in one list, for a bar too narrow to show them all.
  const allTabs: MenuProps = {
    items: tabs.map((tab) => ({ key: tab.path, icon: showIcon ? menuIcon(tab.meta.icon) : undefined, label: tab.meta.title[lang] })),
    selectable: true,
    selectedKeys: [active],
    onClick: ({ key }) => open(key),
  };

  const titleOf = (id: UniqueIdentifier) => tabs.find((tab) => tab.path === id)?.meta.title[lang] ?? String(id);
  const announcements: Announcements = {
    onDragStart: ({ active: dragged }) => t('tabs.dragStart', { title: titleOf(dragged.id) }),
    onDragOver: ({ active: dragged, over }) => over ? t('tabs.dragOver', { title: titleOf(dragged.id), target: titleOf(over.id) }) : undefined,
    onDragEnd: ({ active: dragged, over }) => over ? t('tabs.dragEnd', { title: titleOf(dragged.id), target: titleOf(over.id) }) : undefined,
    onDragCancel: ({ active: dragged }) => t('tabs.dragCancel', { title: titleOf(dragged.id) }),
  };

  function onDragEnd({ active: dragged, over }: DragEndEvent) {
    const paths = tabs.map((tab) => tab.path);
    if (over) tabsStore.set(move(tabs, paths.indexOf(String(dragged.id)), paths.indexOf(String(over.id))));
  }

  const themed = {
    height: settings.tabsHeight,
    '--tabs-primary': token.colorPrimary,
    '--tabs-primary-text': token.colorPrimaryText,
    '--tabs-primary-bg': token.colorPrimaryBg,
    '--tabs-primary-border': token.colorPrimaryBorder,
    '--tabs-text': token.colorTextSecondary,
    '--tabs-border': token.colorBorderSecondary,
    '--tabs-fill': token.colorFillTertiary,
    '--tabs-fill-strong': token.colorFill,
    '--tabs-bg': token.colorBgContainer,
    '--tabs-radius': `${token.borderRadius}px`,
  } as CSSProperties;

  return (
    <div className={`tabs-bar tabs-bar--${style}${scroll.overflow ? ' is-overflowing' : ''}`} style={themed}>
      {scroll.overflow && (
        <Button className="tabs-bar-arrow" type="text" size="small" icon={<LeftOutlined />} aria-label={t('tabs.scrollLeft')} disabled={scroll.atStart} onClick={() => step(-1)} />
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[alongTheBar]}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('tabs.dragHint') } }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={tabs.map((tab) => tab.path)} strategy={horizontalListSortingStrategy}>
          <Dropdown menu={menu} trigger={['contextMenu']}>
            <div
              ref={strip}
              className="tabs-bar-strip"
              role="tablist"
              aria-label={t('tabs.label')}
              onContextMenu={onContextMenu}
              onWheel={(event) => {
                if (strip.current && !event.deltaX) strip.current.scrollLeft += event.deltaY;
              }}
            >
              {tabs.map((tab) => (
                <TabItem
                  key={tab.path}
                  tab={tab}
                  active={tab.path === active}
                  showIcon={showIcon}
                  draggable={draggable}
                  onOpen={open}
                  onClose={closeTab}
                />
              ))}
            </div>
          </Dropdown>
        </SortableContext>
      </DndContext>
      {scroll.overflow && (
        <>
          <Button className="tabs-bar-arrow" type="text" size="small" icon={<RightOutlined />} aria-label={t('tabs.scrollRight')} disabled={scroll.atEnd} onClick={() => step(1)} />
          <Dropdown menu={allTabs} trigger={['click']} placement="bottomRight">
            <Button className="tabs-bar-arrow" type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.all')} />
          </Dropdown>
        </>
      )}
    </div>
  );
}
