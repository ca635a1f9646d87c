import { useState } from 'react';
import { Image, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';
import { controlState } from './common';
import { useUploader } from './use-uploader';
import { UploadNote } from './upload-note';

const HIDDEN = { display: 'none' };

/** An image (`image` fields): a picture card with a preview, the uploaded image's URL as the value. */
export default function ImageWidget(props: WidgetProps) {
  const { id } = props;
  const { t } = useWidgetHost();
  const { disabled } = controlState(props);
  const { uploadProps, url, problem, hint } = useUploader(props, 'image');
  const [previewing, setPreviewing] = useState(false);
  return (
    <div id={id}>
      <Upload {...uploadProps} listType="picture-card" disabled={disabled} onPreview={() => setPreviewing(true)}>
        {!url && !uploadProps.fileList?.length && (
          <button type="button" className="ef-upload-card" disabled={disabled}>
            <PlusOutlined />
            <div>{t('formUploadImage')}</div>
          </button>
        )}
      </Upload>
      {url && (
        // Only its preview is seen; the image itself stays out of the layout.
        <div style={HIDDEN}>
          <Image src={url} preview={{ open: previewing, onOpenChange: setPreviewing }} />
        </div>
      )}
      <UploadNote problem={problem} hint={hint} disabled={disabled} />
    </div>
  );
}
