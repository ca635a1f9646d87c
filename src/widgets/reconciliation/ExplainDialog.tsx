/**
 * Marking a difference explained: a note a person writes on an order whose outcome is a difference.
 * It is an ordinary update of the order (explained + explain_note), so it lands in the order's
 * history like every change, and a later match run keeps it. A save on a stale version (someone
 * changed the order since it was read) is read again and the user asked to submit once more.
 */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { ResourceRecord } from '../../contract/resource';
import { useWidgetHost } from '../interface/host';
import { ORDERS } from './choices';
import { useFormName } from '../interface/form-name';

const NOTE_MAX = 255;

const isStale = (error: unknown) => typeof error === 'object' && error !== null && ((error as { status?: unknown }).status === 409 || (error as { code?: unknown }).code === 409);

export interface ExplainDialogProps {
  /** The order to explain; null: closed. */
  record: ResourceRecord | null;
  onClose(): void;
  onSaved(record: ResourceRecord): void;
}

export function ExplainDialog({ record, onClose, onSaved }: ExplainDialogProps) {
  const formName = useFormName('explain');
  const { t, data } = useWidgetHost();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const [saving, setSaving] = useState(false);
  // The version the save is sent with: read again after a 409.
  const [fresh, setFresh] = useState<ResourceRecord | null>(null);
  const current = fresh && record && fresh.id === record.id ? fresh : record;

  const save = async ({ note }: { note: string }) => {
    if (!current) return;
    setSaving(true);
    try {
      const saved = await data.update({ resource: ORDERS, id: current.id, version: current.version, values: { explained: true, explain_note: note.trim() }, meta: { silent: true } });
      message.success(t('reconExplainSaved'));
      setFresh(null);
      onSaved(saved);
    } catch (error) {
      if (isStale(error)) {
        setFresh(await data.getOne({ resource: ORDERS, id: current.id }));
        message.warning(t('reconExplainStale'));
      } else message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={record !== null}
      title={record ? t('reconExplainTitle', { order: String(record.order_no ?? record.id) }) : null}
      okText={t('reconExplainOk')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form name={formName} form={form} layout="vertical" onFinish={(values) => void save(values)} preserve={false} initialValues={{ note: String(record?.explain_note ?? '') }}>
        <Form.Item name="note" label={t('reconExplainNote')} rules={[{ required: true, whitespace: true, message: t('reconExplainRequired') }]}>
          <Input.TextArea autoFocus rows={3} maxLength={NOTE_MAX} showCount placeholder={t('reconExplainPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
