/**
 * 上传文件: several files dropped or picked at once go up one by one into the folder shown, each
 * with its progress; a file over the size limit is named and never sent, a refused one (a name
 * already there) keeps the server's reason beside it.
 */
import { useState } from 'react';
import { Modal, Progress, Typography, Upload } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, InboxOutlined } from '@ant-design/icons';
import { FILES_MAX_BYTES, FILES_MAX_MB, type UploadFileQuery } from '../../contract/api/files';
import { useWidgetHost } from '../interface/host';
import { messageOf } from '../quoting/errors';

export interface UploadDialogProps {
  query: UploadFileQuery;
  /** The folder's name, as the hint says where the files go. */
  folderName: string;
  /** After each file that went up. */
  onUploaded(): void;
  onClose(): void;
}

interface Sent {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  error?: string;
}

export function UploadDialog({ query, folderName, onUploaded, onClose }: UploadDialogProps) {
  const { t, data } = useWidgetHost();
  const [files, setFiles] = useState<Sent[]>([]);
  const change = (uid: string, patch: Partial<Sent>) => setFiles((list) => list.map((file) => (file.uid === uid ? { ...file, ...patch } : file)));

  return (
    <Modal open title={t('goodsFilesUpload')} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      <Upload.Dragger
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > FILES_MAX_BYTES) {
            setFiles((list) => [...list, { uid: file.uid, name: file.name, status: 'error', percent: 0, error: t('goodsFilesTooLarge', { name: file.name, mb: FILES_MAX_MB }) }]);
            return Upload.LIST_IGNORE;
          }
          setFiles((list) => [...list, { uid: file.uid, name: file.name, status: 'uploading', percent: 0 }]);
          return true;
        }}
        customRequest={({ file }) => {
          const picked = file as File & { uid: string };
          data.files
            .upload({ file: picked, query, onUploadProgress: (loaded, total) => change(picked.uid, { percent: total ? Math.min(99, (loaded / total) * 100) : 50 }) })
            .then(() => {
              change(picked.uid, { status: 'done', percent: 100 });
              onUploaded();
            })
            .catch((failure: unknown) => change(picked.uid, { status: 'error', error: messageOf(failure, t('goodsFilesUploadFailed')) }));
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('goodsFilesDrop')}</p>
        <p className="ant-upload-hint">{t('goodsFilesDropHint', { mb: FILES_MAX_MB, folder: folderName })}</p>
      </Upload.Dragger>
      {files.length > 0 && (
        <ul className="files-upload-list" aria-label={t('goodsFilesUpload')}>
          {files.map((file) => (
            <li key={file.uid} className={`files-upload-item files-upload-${file.status}`}>
              <div className="files-upload-line">
                <Typography.Text ellipsis className="files-upload-name">
                  {file.name}
                </Typography.Text>
                {file.status === 'done' && (
                  <Typography.Text type="success">
                    <CheckCircleFilled /> {t('goodsFilesUploadDone')}
                  </Typography.Text>
                )}
                {file.status === 'error' && (
                  <Typography.Text type="danger">
                    <CloseCircleFilled /> {t('goodsFilesUploadFailed')}
                  </Typography.Text>
                )}
              </div>
              {file.status === 'uploading' && <Progress percent={Math.round(file.percent)} size="small" aria-label={t('goodsFilesUploading')} />}
              {file.error && <Typography.Text type="danger" className="files-upload-error">{file.error}</Typography.Text>}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
