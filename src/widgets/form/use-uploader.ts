import { useState } from 'react';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';
import { acceptedTypes, describeSize, describeTypes, largestSize, nameOfUrl, uploadProblem, type UploadKind } from './upload';

const LISTED_TYPES = 6;

/**
 * What the image and file widgets share: the field's limits checked before sending, the upload
 * itself through the host's request client, the one-file list antd's Upload draws, and the message
 * of a refused file shown under the field.
 */
export function useUploader(props: WidgetProps, kind: UploadKind) {
  const { upload, t, lang } = useWidgetHost();
  const { value, onChange, options } = props;
  const accepted = acceptedTypes(kind, options.accept);
  const maxSize = largestSize(options.maxSize);
  const separator = lang === 'zh' ? '、' : ', ';
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<UploadFile | null>(null);

  const url = typeof value === 'string' && value ? value : undefined;
  const fileList: UploadFile[] = busy ? [busy] : url ? [{ uid: url, name: nameOfUrl(url), status: 'done', url }] : [];

  const uploadProps: UploadProps = {
    accept: accepted.join(','),
    maxCount: 1,
    fileList,
    beforeUpload(file) {
      const refused = uploadProblem(file, accepted, maxSize, separator);
      setProblem(refused && t(refused.key, refused.params));
      return refused ? Upload.LIST_IGNORE : true;
    },
    customRequest({ file, onSuccess, onError }) {
      upload(file as File, kind).then(
        (data) => {
          onSuccess?.(data);
          onChange(data.url);
        },
        (error: { message?: string }) => {
          setProblem(error.message || t('formUploadFailed'));
          onError?.(new Error(error.message));
        },
      );
    },
    onChange({ file }) {
      setBusy(file.status === 'uploading' ? file : null);
    },
    onRemove() {
      setProblem(null);
      onChange(undefined);
    },
  };
  // A long list of types reads as noise: then only the size limit is told (the type check still names them).
  const size = describeSize(maxSize);
  const hint = accepted.length > LISTED_TYPES ? t('formUploadSizeHint', { size }) : t('formUploadHint', { types: describeTypes(accepted, separator), size });
  return { uploadProps, url, problem, hint };
}
