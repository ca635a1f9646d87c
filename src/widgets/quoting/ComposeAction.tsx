/**
 * "报价" on a row of a quoting team's board (an open ask) or its manual queue (a queue item naming
 * an ask): the quote composer in a dialog. `options.askField` names the field holding the ask's id
 * (`ask_id` on the queue); without it the row is the ask itself. After a quote the lists reload.
 */
import { useState } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { carriedLabel } from '../../contract/resource';
import { useWidgetHost } from '../interface/host';
import type { ActionWidgetProps } from '../interface/registry';
import { QuoteComposer } from './QuoteComposer';

const OPEN = ['pending', 'quoted'];
/** Queue items in these states are done with: nothing left to quote from them. */
const DONE = ['quoted', 'declined'];

function ComposerFor({ askId, onDone, onCancel }: { askId: number; onDone(): void; onCancel(): void }) {
  const { useOne } = useWidgetHost();
  const ask = useOne('price_asks', askId);
  if (!ask.data) return <Skeleton active />;
  return <QuoteComposer ask={ask.data} onDone={onDone} onCancel={onCancel} />;
}

export default function ComposeAction({ action, record, reload }: ActionWidgetProps) {
  const { t, lang, useRevalidate } = useWidgetHost();
  const revalidate = useRevalidate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const askField = typeof action.options?.askField === 'string' ? action.options.askField : null;
  const askId = askField ? Number(record[askField]) : record.id;
  const live = askField ? !DONE.includes(String(record.status)) : OPEN.includes(String(record.status));
  if (!live || !Number.isInteger(askId)) return null;
  const askNo = (askField ? carriedLabel(record, askField) : String(record.ask_no ?? '')) ?? '';
  return (
    <>
      <Button type="link" size="small" icon={<FormOutlined />} onClick={() => setOpen(true)} data-testid="row-quote">
        {action.label[lang]}
      </Button>
      <Modal open={open} title={t('qComposeTitle', { ask: askNo })} footer={null} width={760} onCancel={() => setOpen(false)} destroyOnHidden>
        <ComposerFor
          askId={askId}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            reload();
            for (const resource of ['price_asks', 'price_quotes', 'ask_queue']) revalidate(resource);
          }}
        />
      </Modal>
    </>
  );
}
