/**
 * The list on a phone: each row of the list controller as a card (title, a line under it, two or
 * three key fields, a status tag, a thumbnail, the row's actions behind ⋯), flowing in the page
 * with no scroller of its own. The same controller the table draws: selection, paging and the
 * row actions are the controller's and the screen's, only the drawing differs.
 */
import { memo, useMemo, useState, type ReactNode } from 'react';
import { Button, Dropdown, theme } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { cardOf, type ResolvedCard } from '../../contract/card-default';
import { carriedActions, shownFields, type ResourceDefinition, type ResourceField, type ResourceRecord } from '../../contract/resource';
import type { Action, Column } from '../../contract/screen';
import { cellNameOf, widgetOf, type CellWidget, type WidgetRegistry } from '../../widgets/interface/registry';
import { ActionButton, usePlacedActions, type PlacedAction } from '../actions/ActionButton';
import { TransitionButtons } from '../actions/TransitionButtons';
import { useRunAction } from '../actions/run';
import { CardSkeleton } from '../parts/ScreenSkeleton';
import { useEngineHost } from '../host';
import { useEngineRegistry } from '../registry';
import { useThemeVars } from '../theme';
import { columnTitle, ListCell } from './columns';
import type { EngineListController } from './use-list-controller';
import './cards.css';

/** One part of a card: the column it draws (the screen's, or a bare one for a field no column lists). */
interface CardPart {
  column: Column;
  field: ResourceField | undefined;
  title: string;
  cell: CellWidget;
}

interface CardModel {
  title: CardPart;
  subtitle?: CardPart;
  status?: CardPart;
  image?: CardPart;
  fields: CardPart[];
}

/** The card's parts with their cells looked up once for the list, not per card. */
function useCardModel(list: EngineListController): CardModel {
  const { lang, t } = useEngineHost();
  const registry = useEngineRegistry();
  const { definition, spec, columns } = list;
  return useMemo(() => {
    const card: ResolvedCard = cardOf(spec.card, columns, definition);
    const fields = new Map(shownFields(definition).map((f) => [f.name, f]));
    const byField = new Map(columns.map((c) => [c.field, c]));
    const part = (name: string, options?: Record<string, unknown>): CardPart => {
      const listed = byField.get(name);
      const column: Column = listed ?? { field: name };
      const field = fields.get(name);
      const drawn = options ? { ...column, cell: { widget: cellNameOf(column.cell?.widget, field, name), options: { ...column.cell?.options, ...options } } } : column;
      return { column: drawn, field, title: columnTitle(column, field, lang, t), cell: widgetOf(registry, 'cell', cellNameOf(column.cell?.widget, field, name)) };
    };
    return {
      title: part(card.title),
      ...(card.subtitle ? { subtitle: part(card.subtitle) } : {}),
      // A dictionary's status is a tag on a card, as an enum's already is.
      ...(card.status ? { status: part(card.status, { tag: true }) } : {}),
      ...(card.image ? { image: part(card.image) } : {}),
      fields: card.fields.map((name) => part(name)),
    };
  }, [spec.card, columns, definition, lang, t, registry]);
}

function Value({ part, record, CopyButton }: { part: CardPart; record: ResourceRecord; CopyButton: WidgetRegistry['CopyButton'] }) {
  return <ListCell column={part.column} field={part.field} record={record} cell={part.cell} CopyButton={CopyButton} />;
}

/**
 * A card's ⋯: the screen's row actions and the workflow transitions the reader may take now, one
 * under the other in one menu; as in a table's row, a transition the screen offers as an action of
 * its own (keyed by its name) is drawn once, as that action. A pressed item closes the menu; what it opens (a confirm, a
 * transition's params form) is a dialog of its own and stays.
 */
function CardActions({ placed, actions, definition, record }: { placed: PlacedAction[]; actions: Action[]; definition: ResourceDefinition; record: ResourceRecord }) {
  const { t } = useEngineHost();
  const [open, setOpen] = useState(false);
  // The menu is drawn outside the list: it takes the theme's variables and antd's popup surface itself.
  const themeVars = useThemeVars();
  const { token } = theme.useToken();
  const target = useMemo(() => ({ record }), [record]);
  const transitions = Boolean(definition.workflow) && carriedActions(record).length > 0;
  if (placed.length === 0 && !transitions) return null;
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      popupRender={() => (
        <div className="engine-card-menu" role="menu" style={{ ...themeVars, background: token.colorBgElevated, boxShadow: token.boxShadowSecondary, borderRadius: token.borderRadiusLG }} onClickCapture={() => setOpen(false)}>
          {placed.map((p) => (
            <ActionButton key={p.action.key} placed={p} target={target} link />
          ))}
          {transitions && <TransitionButtons definition={definition} record={record} variant="link" skip={actions.map((a) => a.key)} />}
        </div>
      )}
    >
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('more')} />
    </Dropdown>
  );
}

interface CardProps {
  record: ResourceRecord;
  definition: ResourceDefinition;
  model: CardModel;
  actions: Action[];
  selectable: boolean;
  selected: boolean;
  onSelect(record: ResourceRecord, selected: boolean): void;
}

/** One row as a card. Its title opens the row (the screen's view action) when the screen has one. */
const RecordCard = memo(function RecordCard({ record, definition, model, actions, selectable, selected, onSelect }: CardProps) {
  const { t } = useEngineHost();
  const { CopyButton } = useEngineRegistry();
  const run = useRunAction();
  const target = useMemo(() => ({ record }), [record]);
  const placed = usePlacedActions(actions, target);
  const view = placed.find((p) => p.action.kind === 'view' && !p.disabled);
  const titleValue = <Value part={model.title} record={record} CopyButton={CopyButton} />;
  let title: ReactNode = titleValue;
  if (view && !model.title.column.link) {
    title = (
      <button type="button" className="engine-card-open" onClick={() => run(view.action, target)}>
        {titleValue}
      </button>
    );
  }
  return (
    <article className={`engine-card${selected ? ' is-selected' : ''}`} aria-selected={selectable ? selected : undefined}>
      <header className="engine-card-head">
        {selectable && (
          <input type="checkbox" className="engine-check" aria-label={t('selectRow')} checked={selected} onChange={(event) => onSelect(record, event.target.checked)} />
        )}
        {model.image && (
          <span className="engine-card-image">
            <Value part={model.image} record={record} CopyButton={CopyButton} />
          </span>
        )}
        <div className="engine-card-heading">
          <div className="engine-card-title">{title}</div>
          {model.subtitle && (
            <div className="engine-card-subtitle">
              <Value part={model.subtitle} record={record} CopyButton={CopyButton} />
            </div>
          )}
        </div>
        {model.status && (
          <span className="engine-card-status">
            <Value part={model.status} record={record} CopyButton={CopyButton} />
          </span>
        )}
        {/* Every action behind one ⋯: a phone's card has no room for a row of links. */}
        <span className="engine-card-actions">
          <CardActions placed={placed} actions={actions} definition={definition} record={record} />
        </span>
      </header>
      {model.fields.length > 0 && (
        <dl className="engine-card-fields">
          {model.fields.map((part) => (
            <div key={part.column.field} className="engine-card-field">
              <dt>{part.title}</dt>
              <dd>
                <Value part={part} record={record} CopyButton={CopyButton} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
});

export interface CardListProps {
  list: EngineListController;
  rowActions: Action[];
  selectable: boolean;
  /** Drawn instead of cards: the empty state or an error. */
  placeholder?: ReactNode;
  loading: boolean;
  skeletonCards: number;
}

export function CardList({ list, rowActions, selectable, placeholder, loading, skeletonCards }: CardListProps) {
  const model = useCardModel(list);
  const { rows, selection, setSelection } = list;
  const { t } = useEngineHost();
  const onSelect = useMemo(
    () => (record: ResourceRecord, on: boolean) =>
      setSelection((old) => {
        const next = { ...old };
        if (on) next[String(record.id)] = true;
        else delete next[String(record.id)];
        return next;
      }),
    [setSelection],
  );
  if (loading) return <CardSkeleton count={skeletonCards} />;
  if (placeholder) return <div className="engine-cards-placeholder">{placeholder}</div>;
  const allSelected = rows.length > 0 && rows.every((r) => selection[String(r.id)]);
  return (
    <>
      {selectable && rows.length > 0 && (
        <label className="engine-cards-select-all">
          <input
            type="checkbox"
            className="engine-check"
            checked={allSelected}
            onChange={(event) => setSelection(event.target.checked ? Object.fromEntries(rows.map((r) => [String(r.id), true])) : {})}
          />
          {t('selectAll')}
        </label>
      )}
      <div className="engine-cards">
        {rows.map((record) => (
          <RecordCard
            key={record.id}
            record={record}
            definition={list.definition}
            model={model}
            actions={rowActions}
            selectable={selectable}
            selected={Boolean(selection[String(record.id)])}
            onSelect={onSelect}
          />
        ))}
      </div>
    </>
  );
}
