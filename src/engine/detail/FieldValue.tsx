/**
 * One value of a record as the detail and its change history show it. A cell widget registered
 * under the field's type (the list's cells) draws it when there is one, so a value looks the same
 * in the list and in the detail; otherwise the formatting here does. Rich text is sanitised with
 * DOMPurify before it is put into the page, whatever the server already did.
 */
import { createElement, type ReactNode } from 'react';
import { Image, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import DOMPurify from 'dompurify';
import type { Lang, RecordValue, ResourceField, ResourceRecord, SubField } from '../../contract/resource';
import { cells } from '../../widgets/registries';
import { formatMoney } from '../../widgets/form/money-format';
import { nameOfUrl } from '../../widgets/form/upload';
import { DATETIME_FORMAT } from '../../widgets/form/formats';
import { useEngineHost } from '../host';
import { useRecord } from '../data';
import { useDictionary } from '../dictionaries';

const NO_OPTIONS = {};
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
  const cell = field && record ? cells.get(field.type) : undefined;
  if (isBlank(value)) return <span className="ed-empty">-</span>;
  // A registered cell draws fields of its type the way the list does.
  if (cell && field && record && !compact) return <>{createElement(cell, { value, record, field: field as ResourceField, options: NO_OPTIONS })}</>;
  return <Formatted field={field} value={value} compact={compact} />;
}

function Formatted({ field, value, compact }: { field: ResourceField | SubField | undefined; value: unknown; compact: boolean }): ReactNode {
  const { lang, t } = useEngineHost();
  switch (field?.type) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value, lang === 'zh' ? 'zh-CN' : 'en-US') : String(value);
    case 'boolean':
      return value ? t('formYes') : t('formNo');
    case 'datetime':
      return typeof value === 'number' ? dayjs(value).format(DATETIME_FORMAT) : String(value);
    case 'enum': {
      const option = field.options?.find((o) => o.value === value);
      if (!option) return String(value);
      return option.color ? <Tag color={option.color}>{option.label[lang]}</Tag> : option.label[lang];
    }
    case 'dict':
      return <DictLabel code={field.dict} value={String(value)} />;
    case 'lookup':
      return field.lookup ? <LookupLabel resource={field.lookup.resource} labelField={field.lookup.label} id={Number(value)} /> : String(value);
    case 'image':
      return <Image src={String(value)} width={compact ? 32 : 72} height={compact ? 32 : 72} style={{ objectFit: 'cover', borderRadius: 4 }} />;
    case 'file':
      return (
        <a href={String(value)} target="_blank" rel="noopener noreferrer" download>
          {nameOfUrl(String(value))}
        </a>
      );
    case 'richtext':
      return compact ? htmlText(String(value)) : <div className="ed-richtext" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(String(value)) }} />;
    case 'rows':
      return <RowsValue field={field} value={value} compact={compact} lang={lang} />;
    case 'text':
      return <span className="ed-text">{String(value)}</span>;
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

function DictLabel({ code, value }: { code: string | undefined; value: string }) {
  const { options } = useDictionary(code);
  return <>{options?.find((o) => o.value === value)?.label ?? value}</>;
}

function LookupLabel({ resource, labelField, id }: { resource: string; labelField: string; id: number }) {
  const { data } = useRecord(resource, id);
  const label = data?.[labelField];
  return <>{label === undefined || label === null ? `#${id}` : String(label)}</>;
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
