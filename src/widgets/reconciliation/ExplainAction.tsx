/**
 * 标记已说明 as a row action of the platform order screens (`"kind": "widget", "widget":
 * "reconExplain"`): the button the screen labels, and the note dialog. The screen decides on which
 * rows it shows (its `visible` expression); the list reloads after the save.
 */
import { useState } from 'react';
import { Button } from 'antd';
import type { ResourceRecord } from '../../contract/resource';
import { useWidgetHost } from '../interface/host';
import type { ActionWidgetProps } from '../interface/registry';
import { ExplainDialog } from './ExplainDialog';

export default function ExplainAction({ action, record, reload }: ActionWidgetProps) {
  const { t, lang } = useWidgetHost();
  const [open, setOpen] = useState<ResourceRecord | null>(null);
  if (!record) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(record)}>
        {action.label[lang] || t('reconExplain')}
      </Button>
      <ExplainDialog
        record={open}
        onClose={() => setOpen(null)}
        onSaved={() => {
          setOpen(null);
          reload();
        }}
      />
    </>
  );
}
