import { useState } from 'react';
import { Alert, App, Button, Flex, Space, Spin, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { ImportError, ImportReport, RecordValue, ResourceDefinition } from '../../contract/resource';
import { useEngineHost, type HostError } from '../host';

type Step = { at: 'choose'; error?: string } | { at: 'checking'; file: File } | { at: 'report'; file: File; report: ImportReport } | { at: 'importing'; file: File; report: ImportReport };

const PREVIEW_ROWS = 10;

/**
 * Import of a CSV or Excel file: the server checks every row and answers a preview with each
 * refused cell (row, column, reason); only a clean file can be imported, and then all of it.
 */
export default function ImportPanel({ definition, onClose, onImported }: { definition: ResourceDefinition; onClose(): void; onImported(): void }) {
  const { t, lang, data } = useEngineHost();
  const { message } = App.useApp();
  const [step, setStep] = useState<Step>({ at: 'choose' });


  const check = async (file: File) => {
    setStep({ at: 'checking', file });
    try {
      setStep({ at: 'report', file, report: await data.importPreview({ resource: definition.name, file }) });
    } catch (error) {
      setStep({ at: 'choose', error: (error as HostError).message });
    }
  };

  const confirm = async (file: File, previewed: ImportReport) => {
    setStep({ at: 'importing', file, report: previewed });
    try {
      const report = await data.import({ resource: definition.name, file });
      if (report.errors.length) return setStep({ at: 'report', file, report });
      void message.success(t('importDone', { count: report.written }));
      onImported();
      onClose();
    } catch (error) {
      setStep({ at: 'choose', error: (error as HostError).message });
    }
  };

  if (step.at === 'choose' || step.at === 'checking') {
    return (
      <Spin spinning={step.at === 'checking'} description={t('importChecking')}>
        <Flex vertical gap={12}>
          {step.at === 'choose' && step.error && <Alert type="error" showIcon title={step.error} />}
          <Upload.Dragger
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void check(file);
              // The file is sent by `check`, not by the Upload component.
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('importDrop')}</p>
            <p className="ant-upload-hint">{t('importHint')}</p>
          </Upload.Dragger>
        </Flex>
      </Spin>
    );
  }

  const { report, file } = step;
  const titles = new Map(definition.fields.map((f) => [f.name, f.title[lang]]));
  const fields = Object.values(report.columns);
  const clean = report.errors.length === 0;
  return (
    <Flex vertical gap={12}>
      <Alert type={clean ? 'success' : 'error'} showIcon title={t('importSummary', { total: report.total, errors: report.errors.length })} description={clean ? undefined : t('importHasErrors')} />
      {report.ignored.length > 0 && <Alert type="warning" showIcon title={t('importIgnored', { headers: report.ignored.join('、') })} />}
      {!clean && (
        <>
          <Typography.Text strong>{t('importErrors')}</Typography.Text>
          <Table<ImportError>
            size="small"
            rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
            dataSource={report.errors}
            pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true }}
            columns={[
              { title: t('importRow'), dataIndex: 'row', width: 80 },
              { title: t('importColumn'), dataIndex: 'column', width: 160 },
              { title: t('importReason'), dataIndex: 'message' },
            ]}
          />
        </>
      )}
      {report.preview.length > 0 && (
        <>
          <Typography.Text strong>{t('importPreview', { count: Math.min(PREVIEW_ROWS, report.preview.length) })}</Typography.Text>
          <Table<{ row: number; values: Record<string, RecordValue> }>
            size="small"
            rowKey="row"
            dataSource={report.preview.slice(0, PREVIEW_ROWS).map((values, i) => ({ row: i + 1, values }))}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={fields.map((name) => ({ title: titles.get(name) ?? name, key: name, ellipsis: true, render: (_, { values }) => (values[name] === null || values[name] === undefined ? '' : String(values[name])) }))}
          />
        </>
      )}
      <Flex justify="end">
        <Space>
          <Button onClick={() => setStep({ at: 'choose' })}>{t('importReselect')}</Button>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" disabled={!clean} loading={step.at === 'importing'} onClick={() => void confirm(file, report)}>
            {t('importConfirm')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}
