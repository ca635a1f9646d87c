/**
 * One value of a record as the detail and its change history show it: drawn by the cell the list
 * draws it with (the registry's one rule, cellNameOf), so a value looks the same in both. Rich
 * text, long text and sub-tables are the detail's own: rich text is sanitised with DOMPurify before
 * it is put into the page, whatever the server already did.
 */
import { createElement } from 'react';
import { Table } from 'antd';
import DOMPurify from 'dompurify';
import type { Lang, RecordValue, ResourceField, ResourceRecord, SubField } from '../../contract/resource';
import { cellNameOf, widgetOf } from '../../widgets/interface/registry';
import { useEngineHost } from '../host';
import { useEngineRegistry } from '../registry';

/** Cell options: images as a detail's thumbnail, or a change history's smaller one. */
const FULL = { size: 72 };
const COMPACT = { size: 32 };
/** A value of a change or of a sub-table's row has no record of its own. */
const NO_RECORD = {} as ResourceRecord;
const EXCERPT_LENGTH = 80;
/** Rows of a sub-table have no id; their position is their key. */
const ROW_KEY = '__row';

export const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The visible text of stored HTML, for places too small for the HTML itself. */
export function htmlText(html: string): string {
  const text = DOMPurify.sanitize(html, { ALLOWED_TAGS: [], KEEP_CONTENT: true }).replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

export interface FieldValueProps {
  field: ResourceField | SubField | undefined;
  value: unknown;
  record?: ResourceRecord;
  /** In a change history: rich text as a text excerpt, a sub-table as its row count, small images. */
  compact?: boolean;
}

export function FieldValue({ field, value, record, compact = false }: FieldValueProps) {
  const registry = useEngineRegistry();
  const { lang } = useEngineHost();
  if (isBlank(value)) return <span className="ed-empty">-</span>;
  switch (field?.type) {
    case 'richtext':
      return compact ? htmlText(String(value)) : <div className="ed-richtext" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(value)) }} />;
    case 'rows':
      return <RowsValue field={field} value={value} compact={compact} lang={lang} />;
    case 'text':
      return <span className="ed-text">{String(value)}</span>;
  }
  // Every other value is drawn by the cell the list would draw it with, so it looks the same in both.
  const cell = widgetOf(registry, 'cell', cellNameOf(undefined, field, field?.name ?? ''));
  return <>{createElement(cell, { value, record: record ?? NO_RECORD, field: field as ResourceField | undefined, options: compact ? COMPACT : FULL })}</>;
}

function RowsValue({ field, value, compact, lang }: { field: ResourceField | SubField; value: unknown; compact: boolean; lang: Lang }) {
  const { t } = useEngineHost();
  const rows = Array.isArray(value) ? (value as Record<string, RecordValue>[]) : [];
  const columns = ('columns' in field && field.columns) || [];
  if (compact) return <>{t('detailRowsCount', { count: rows.length })}</>;
  return (
    <Table
      className="ed-rows"
      size="small"
      bordered
      pagination={false}
      rowKey={ROW_KEY}
      dataSource={rows.map((row, index) => ({ ...row, [ROW_KEY]: index }))}
      columns={[
        { key: '#', title: t('formRowsIndex'), width: 64, align: 'center', dataIndex: ROW_KEY, render: (index: number) => index + 1 },
        ...columns.map((column) => ({
          key: column.name,
          title: column.title[lang],
          dataIndex: column.name,
          render: (cellValue: unknown) => <FieldValue field={column} value={cellValue} compact />,
        })),
      ]}
    />
  );
}
