import type { MouseEvent } from 'react';
import { App } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { CellProps } from '../interface/registry';
import { useWidgetHost } from '../interface/host';
import { EmptyValue, isEmpty } from './format';

/** A small copy button for a value; the list puts one beside every cell of a `copyable` column. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useWidgetHost();
  const { message } = App.useApp();
  const copy = (event: MouseEvent) => {
    event.stopPropagation();
    void navigator.clipboard.writeText(text).then(() => message.success(t('copied')));
  };
  return (
    <button type="button" className="cell-copy" aria-label={t('copy')} title={t('copy')} onClick={copy}>
      <CopyOutlined />
    </button>
  );
}

/** The value as text with a copy button. */
export function CopyableCell({ value }: CellProps) {
  if (isEmpty(value)) return <EmptyValue />;
  const text = String(value);
  return (
    <>
      {text}
      <CopyButton text={text} />
    </>
  );
}
