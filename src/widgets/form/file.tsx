import { Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';
import { controlState } from './common';
import { useUploader } from './use-uploader';
import { UploadNote } from './upload-note';

/** A file (`file` fields): its name links to it, the uploaded file's URL is the value. */
export default function FileWidget(props: WidgetProps) {
  const { id } = props;
  const { t } = useWidgetHost();
  const { disabled } = controlState(props);
  const { uploadProps, problem, hint } = useUploader(props, 'file');
  return (
    <div id={id}>
      <Upload {...uploadProps} disabled={disabled}>
        <Button icon={<UploadOutlined />} disabled={disabled}>
          {t('formUploadFile')}
        </Button>
      </Upload>
      <UploadNote problem={problem} hint={hint} disabled={disabled} />
    </div>
  );
}
