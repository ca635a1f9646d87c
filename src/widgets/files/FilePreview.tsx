/**
 * 预览: a picture in antd's image viewer, a text or CSV file as its text (the first
 * TEXT_PREVIEW_BYTES), anything else is not previewed (the caller downloads it instead).
 */
import useSWR from 'swr';
import { Alert, Button, Image, Modal, Skeleton } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { FileRow } from '../../contract/api/files';
import { useWidgetHost } from '../interface/host';
import { previewOf, TEXT_PREVIEW_BYTES } from './file-view';
import { useFileBlob, useFileUrl } from './use-file-url';

interface PreviewProps {
  file: FileRow;
  onClose(): void;
}

function ImagePreview({ file, onClose }: PreviewProps) {
  const url = useFileUrl(file.id, file.updated_at);
  if (!url) return null;
  return <Image src={url} alt={file.name} className="files-preview-image" preview={{ open: true, onOpenChange: (open) => !open && onClose() }} />;
}

function TextPreview({ file, onClose }: PreviewProps) {
  const { t, data } = useWidgetHost();
  const blob = useFileBlob(file.id, file.updated_at);
  const text = useSWR(blob.data ? ['files-text', file.id, file.updated_at] : null, () => blob.data!.slice(0, TEXT_PREVIEW_BYTES).text());
  return (
    <Modal
      open
      title={file.name}
      width={860}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="download" icon={<DownloadOutlined />} onClick={() => void data.files.download(file.id, file.name)}>
          {t('goodsFilesDownload')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('goodsFilesClose')}
        </Button>,
      ]}
    >
      {file.size > TEXT_PREVIEW_BYTES && <Alert type="info" showIcon title={t('goodsFilesTextCut', { kb: TEXT_PREVIEW_BYTES / 1024 })} className="files-dialog-alert" />}
      {text.data === undefined ? <Skeleton active /> : <pre className="files-preview-text">{text.data.replace(/^\uFEFF/, '')}</pre>}
    </Modal>
  );
}

export function FilePreview(props: PreviewProps) {
  const kind = previewOf(props.file.name);
  if (kind === 'image') return <ImagePreview {...props} />;
  if (kind === 'text') return <TextPreview {...props} />;
  return null;
}
