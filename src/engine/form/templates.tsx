/**
 * The form's own field and layout templates. @rjsf/antd's FieldTemplate wraps every field in antd's
 * Form.Item, which costs about 61 ms per keystroke at 200 fields (issue 5); these draw the same
 * label / control / message layout with plain elements and classes (form.css), and leave the
 * controls to antd widgets. A field redraws only when its own props change (rjsf memoises fields).
 */
import type { CSSProperties, ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type FieldTemplateProps, type ObjectFieldTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { Templates as AntdTemplates } from '@rjsf/antd';
import { useEngineHost } from '../host';
import { ROWS_TEMPLATES, type FormColumns } from './schema';

/** What the templates read from the Form's formContext. */
export interface FormContext {
  columns: FormColumns;
  /** antd's widgets draw read-only fields disabled. */
  readonlyAsDisabled: true;
}

const unique = (messages: string[]) => [...new Set(messages)].join('；');

function FieldTemplate({ id, label, children, rawErrors, required, displayLabel, hidden, rawDescription, schema, uiSchema }: FieldTemplateProps) {
  if (hidden) return null;
  // Objects (the form itself, a sub-table row) lay out their own parts.
  if (schema.type === 'object') return children;
  const options = getUiOptions(uiSchema);
  // rjsf labels no array; a sub-table is a field like any other and gets its title.
  const showLabel = Boolean(label) && (displayLabel || (options.ArrayFieldTemplate as unknown) === ROWS_TEMPLATES.table);
  const errors = rawErrors?.length ? unique(rawErrors) : '';
  const className = `ef-item${errors ? ' ef-item-error' : ''}${options.wide ? ' ef-item-wide' : ''}`;
  return (
    <div className={className}>
      {showLabel && (
        <label className={required ? 'ef-label ef-required' : 'ef-label'} htmlFor={id}>
          {label}
        </label>
      )}
      {children}
      {errors ? (
        <div className="ef-explain" role="alert" id={`${id}__error`}>
          {errors}
        </div>
      ) : (
        rawDescription && <div className="ef-help">{rawDescription}</div>
      )}
    </div>
  );
}

function ObjectFieldTemplate({ properties, registry, fieldPathId, title }: ObjectFieldTemplateProps) {
  const root = fieldPathId.path.length === 0;
  const columns = root ? (registry.formContext as FormContext).columns : 1;
  const style: CSSProperties = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` };
  return (
    <>
      {!root && title && <div className="ef-group-title">{title}</div>}
      <div className="ef-grid" style={style}>
        {properties.filter((p) => !p.hidden).map((p) => p.content)}
      </div>
    </>
  );
}

// ---- rows: an array of objects edited as a sub-table ------------------------------------------

const INDEX_WIDTH = 56;
const ACTIONS_WIDTH = 116;
const CELL_MIN_WIDTH = 150;

function RowsTableTemplate({ items, canAdd, onAddClick, disabled, readonly, schema, uiSchema }: ArrayFieldTemplateProps) {
  const { t } = useEngineHost();
  const itemSchema = (schema.items ?? {}) as RJSFSchema;
  const properties = (itemSchema.properties ?? {}) as Record<string, RJSFSchema>;
  const required = new Set(itemSchema.required ?? []);
  const order = (uiSchema?.items as { 'ui:order'?: string[] } | undefined)?.['ui:order'] ?? Object.keys(properties);
  const columns = order.filter((name) => name in properties);
  const editable = !disabled && !readonly;
  const style = {
    '--ef-rows-template': `${INDEX_WIDTH}px repeat(${columns.length}, minmax(${CELL_MIN_WIDTH}px, 1fr)) ${editable ? `${ACTIONS_WIDTH}px` : ''}`,
    minWidth: INDEX_WIDTH + columns.length * CELL_MIN_WIDTH + (editable ? ACTIONS_WIDTH : 0),
  } as CSSProperties;
  return (
    <div className="ef-rows">
      <div className="ef-rows-scroll">
        <div className="ef-rows-table" role="table" style={style}>
          <div className="ef-rows-head" role="row">
            <div role="columnheader">{t('formRowsIndex')}</div>
            {columns.map((name) => (
              <div role="columnheader" key={name} className={required.has(name) ? 'ef-required' : undefined}>
                {properties[name].title ?? name}
              </div>
            ))}
            {editable && <div role="columnheader">{t('formRowsActions')}</div>}
          </div>
          {items.length ? items : <div className="ef-rows-empty">{t('formRowsEmpty')}</div>}
        </div>
      </div>
      {canAdd && editable && (
        <Button className="ef-rows-add" type="dashed" block icon={<PlusOutlined />} onClick={onAddClick}>
          {t('formRowsAdd')}
        </Button>
      )}
    </div>
  );
}

function RowsItemTemplate({ children, index, buttonsProps, disabled, readonly }: ArrayFieldItemTemplateProps) {
  const { t } = useEngineHost();
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem } = buttonsProps;
  const editable = !disabled && !readonly;
  const button = (label: string, icon: ReactNode, onClick: () => void, enabled: boolean, danger = false) => (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} onClick={onClick} disabled={!enabled} danger={danger} />
    </Tooltip>
  );
  return (
    <div className="ef-rows-row" role="row">
      <div className="ef-rows-index">{index + 1}</div>
      {children}
      {editable && (
        <div className="ef-rows-actions">
          {button(t('formRowsMoveUp'), <ArrowUpOutlined />, onMoveUpItem, hasMoveUp)}
          {button(t('formRowsMoveDown'), <ArrowDownOutlined />, onMoveDownItem, hasMoveDown)}
          {button(t('formRowsRemove'), <DeleteOutlined />, onRemoveItem, hasRemove, true)}
        </div>
      )}
    </div>
  );
}

function RowsCellsTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <>
      {properties.map((p) => (
        <div className="ef-rows-cell" role="cell" key={p.name}>
          {!p.hidden && p.content}
        </div>
      ))}
    </>
  );
}

/** antd's templates for everything else (buttons, generic arrays of a custom schema), ours for fields and layout. */
export const TEMPLATES = {
  ...AntdTemplates,
  FieldTemplate,
  ObjectFieldTemplate,
  [ROWS_TEMPLATES.table]: RowsTableTemplate,
  [ROWS_TEMPLATES.item]: RowsItemTemplate,
  [ROWS_TEMPLATES.cells]: RowsCellsTemplate,
};
