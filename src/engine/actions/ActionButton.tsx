import { createElement, Suspense, type ReactNode } from 'react';
import { Button, Dropdown, Space, type ButtonProps } from 'antd';
import type { MenuItemType } from 'antd/es/menu/interface';
import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { hasAccess } from '../../contract/permissions';
import type { Action } from '../../contract/screen';
import { widgetOf } from '../../widgets/interface/registry';
import { actionPermission, useHolds } from '../expressions';
import { useEngineHost } from '../host';
import { useEngineRegistry } from '../registry';
import { useActionScope } from './ActionScope';
import { actionIcon } from './icons';
import { inlineCount } from './row-slots';
import { useRunAction, type ActionTarget } from './run';

/** An action with its state in this place: whether it shows, and whether it can be pressed. */
export interface PlacedAction {
  action: Action;
  disabled: boolean;
}

/**
 * The actions that show here: those the user holds the permission for and whose `visible`
 * expression holds for the record (or selection) and user; `disabled` is evaluated the same way.
 */
export function usePlacedActions(list: Action[] | undefined, target: ActionTarget): PlacedAction[] {
  const { access } = useEngineHost();
  const { screen, definition } = useActionScope();
  const holdsHere = useHolds();
  const values = { record: target.record, records: target.records, selection: target.records?.length ?? 0 };
  return (list ?? [])
    .filter((action) => hasAccess(access, actionPermission(action, screen, definition)) && holdsHere(action.visible, values))
    .map((action) => ({
      action,
      // A bulk action with nothing selected has nothing to act on.
      disabled: (action.disabled !== undefined && holdsHere(action.disabled, values)) || (target.records !== undefined && target.records.length === 0),
    }));
}

function WidgetAction({ action, target }: { action: Action; target: ActionTarget }) {
  const { screen, definition, reload } = useActionScope();
  const Widget = widgetOf(useEngineRegistry(), 'action', action.widget ?? action.key);
  return (
    <Suspense fallback={null}>
      {createElement(Widget, { action, screen, definition, record: target.record, records: target.records, reload })}
    </Suspense>
  );
}

/** One action as a button (export as a button with its two formats). */
export function ActionButton({ placed, target, link = false }: { placed: PlacedAction; target: ActionTarget; link?: boolean }) {
  const { t, lang } = useEngineHost();
  const run = useRunAction();
  const { action, disabled } = placed;
  if (action.kind === 'widget') return <WidgetAction action={action} target={target} />;
  const props: ButtonProps = {
    type: link ? 'link' : (action.type ?? 'default'),
    size: link ? 'small' : undefined,
    danger: action.danger,
    disabled,
    icon: link ? undefined : actionIcon(action.icon),
  };
  const label = action.label[lang];
  if (link && action.kind !== 'export') {
    // Row actions are drawn in every visible row: plain buttons styled as antd's links, which cost a
    // fraction of antd's Button.
    return (
      <button type="button" className={`engine-link-action${action.danger ? ' is-danger' : ''}`} disabled={disabled} onClick={() => run(action, target)}>
        {label}
      </button>
    );
  }
  if (action.kind === 'export') {
    return (
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          items: [
            { key: 'csv', label: t('exportCsv') },
            { key: 'xlsx', label: t('exportXlsx') },
          ],
          onClick: ({ key }) => run(action, target, key as 'csv' | 'xlsx'),
        }}
      >
        <Button {...props}>
          <Space size={4}>
            {label}
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
    );
  }
  return (
    <Button {...props} onClick={() => run(action, target)}>
      {label}
    </Button>
  );
}

/** An entry of a "more" menu. */
export type MoreItem = Pick<MenuItemType, 'danger' | 'disabled'> & { key: string; label: string };

/** What a "more" menu offers and what picking an entry does. */
export interface MoreEntries {
  items: MoreItem[];
  onPick(key: string): void;
}

/** The "more" button of a bar whose actions do not all fit: a menu of the rest. */
export function MoreMenu({ items, onPick, link }: MoreEntries & { link: boolean }) {
  const { t } = useEngineHost();
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onPick(key) }}>
      <Button type={link ? 'link' : 'default'} size={link ? 'small' : undefined} icon={<MoreOutlined />} aria-label={t('more')}>
        {link ? undefined : t('more')}
      </Button>
    </Dropdown>
  );
}

/**
 * The actions a bar of `max` buttons draws inline, and the "more" entries of the rest (null when
 * all fit). Widgets draw themselves and stay inline; the menu takes only actions that a click runs.
 */
export function useOverflow(actions: PlacedAction[], target: ActionTarget, max: number): { inline: PlacedAction[]; more: MoreEntries | null } {
  const { lang } = useEngineHost();
  const run = useRunAction();
  const overflow = actions.slice(inlineCount(actions.length, max)).filter((p) => p.action.kind !== 'widget' && p.action.kind !== 'export');
  const inline = actions.filter((p) => !overflow.includes(p));
  if (overflow.length === 0) return { inline, more: null };
  return {
    inline,
    more: {
      items: overflow.map(({ action, disabled }) => ({ key: action.key, label: action.label[lang], danger: action.danger, disabled })),
      onPick: (key) => {
        const placed = overflow.find((p) => p.action.key === key);
        if (placed) run(placed.action, target);
      },
    },
  };
}

/**
 * A row of actions. Past `max` buttons the rest go into a "more" menu, as row actions do in a
 * narrow operations column.
 */
export function ActionBar({ actions, target, link = false, max = Infinity }: { actions: PlacedAction[]; target: ActionTarget; link?: boolean; max?: number }) {
  const { inline, more } = useOverflow(actions, target, max);
  const items: ReactNode[] = inline.map((placed) => <ActionButton key={placed.action.key} placed={placed} target={target} link={link} />);
  if (more) items.push(<MoreMenu key="more" link={link} {...more} />);
  // In a row, a plain flex line: antd's Space in every visible row costs more than the buttons it holds.
  if (link) return <span className="engine-row-actions">{items}</span>;
  return (
    <Space size={8} wrap>
      {items}
    </Space>
  );
}
