/**
 * 新建文件夹 and 重命名: one name, checked as the server checks it before anything is sent, and the
 * server's own refusal (a name already there) shown under the field, the dialog kept open so
 * nothing typed is lost.
 */
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { checkName, FILE_NAME_MAX } from '../../contract/api/files';
import { useWidgetHost } from '../interface/host';
import type { WidgetMessageKey } from '../interface/messages';
import { messageOf } from '../quoting/errors';

const PROBLEMS = {
  filesNameEmpty: 'goodsFilesNameEmpty',
  filesNameSlash: 'goodsFilesNameSlash',
  filesNameInvalid: 'goodsFilesNameInvalid',
  filesNameTooLong: 'goodsFilesNameTooLong',
} as const satisfies Record<string, WidgetMessageKey>;

export interface NameDialogProps {
  title: string;
  initial: string;
  /** Sends the name; rejects with the server's refusal. */
  onSubmit(name: string): Promise<unknown>;
  onClose(): void;
}

export function NameDialog({ title, initial, onSubmit, onClose }: NameDialogProps) {
  const { t } = useWidgetHost();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    const checked = checkName(name);
    if ('problem' in checked) {
      setError(t(PROBLEMS[checked.problem], { max: FILE_NAME_MAX }));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(checked.name);
      onClose();
    } catch (failure) {
      setError(messageOf(failure, t('loadFailed')));
    } finally {
      setBusy(false);
    }
  }

  // The extension stays as it was unless the user selects it too: the name before it starts selected.
  const selectBase = (input: HTMLInputElement) => {
    const dot = initial.lastIndexOf('.');
    input.setSelectionRange(0, dot > 0 ? dot : initial.length);
  };
  const [focused, setFocused] = useState(false);

  return (
    <Modal open title={title} okText={t('goodsFilesOk')} cancelText={t('goodsFilesCancel')} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('goodsFilesName')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Input
            autoFocus
            aria-label={t('goodsFilesName')}
            value={name}
            maxLength={FILE_NAME_MAX * 2}
            placeholder={t('goodsFilesNamePlaceholder')}
            onFocus={(event) => {
              if (focused) return;
              setFocused(true);
              selectBase(event.target);
            }}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
