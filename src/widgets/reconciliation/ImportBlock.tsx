/**
 * 导入发货 / platform files in: choose the file kind and the shop, drop the file; the server reads it
 * as a preview job (header row, fields recognised, the first rows, the refused ones); confirm, and
 * the same file is imported as a job with its progress (upload bytes, then rows); the result says
 * what was created, updated or left unchanged, and which order numbers a shipment file named that
 * nobody has. The team's import history sits below. Placed by bill/core/ImportSend as the block
 * `reconImport`; a `?kind=` in the address (the order screens' import buttons) picks the kind.
 */
import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { AutoComplete, Button, Card, Flex, Form, Result, Select, Space, Steps, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { ReconImportJob } from '../../contract/api/reconciliation';
import { useWidgetHost } from '../interface/host';
import { usePhone } from '../interface/phone';
import type { BlockProps } from '../interface/registry';
import type { ReconFileKind } from '../interface/reconciliation-data';
import { HISTORY_KEY, ImportHistory } from './ImportHistory';
import { ImportProgress } from './ImportProgress';
import { PreviewReport, ResultReport } from './ImportReport';
import { FILE_KINDS, isFileKind, KIND_LABEL, platformOf } from './kinds';
import { useImportJob, type ImportRun } from './use-import-job';
import './reconciliation.css';
import { useFormName } from '../interface/form-name';

const ACCEPT = '.csv,.xlsx,.xls,.txt';

/** The kind the address asks for (an order screen's import button), else Douyin's orders. */
function kindFromAddress(): ReconFileKind {
  const asked = new URLSearchParams(globalThis.location?.search ?? '').get('kind');
  return isFileKind(asked) ? asked : 'douyin_orders';
}

const finishedJob = (run: ImportRun): ReconImportJob | null => (run.phase === 'finished' && run.job.state === 'done' ? run.job : null);

/** The shops the team already has, per platform, from the summary (what matching has seen). */
function useShops(platform: string | null): string[] {
  const { data } = useWidgetHost();
  const summary = useSWR(['recon-summary', ''], () => data.reconciliation.summary({}));
  return useMemo(() => [...new Set((summary.data?.rows ?? []).filter((row) => !platform || row.platform === platform).map((row) => row.shop_name))].sort(), [summary.data, platform]);
}

export default function ImportBlock(_: BlockProps) {
  const formName = useFormName('reconImport');
  const { t, navigate } = useWidgetHost();
  const phone = usePhone();
  const { mutate } = useSWRConfig();
  const [kind, setKind] = useState<ReconFileKind>(kindFromAddress);
  const [shop, setShop] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [shopMissing, setShopMissing] = useState(false);
  const refreshAfter = () => {
    void mutate(HISTORY_KEY);
    void mutate((key) => Array.isArray(key) && key[0] === 'recon-summary');
  };
  const preview = useImportJob(refreshAfter);
  const imported = useImportJob(refreshAfter);
  const platform = platformOf(kind);
  const shops = useShops(platform);
  const needsShop = platform !== null;
  const previewed = finishedJob(preview.run);
  const done = finishedJob(imported.run);
  const step = done ? 2 : previewed ? 1 : 0;

  const reset = () => {
    preview.reset();
    imported.reset();
    setFile(null);
  };
  const choose = (chosen: File) => {
    if (needsShop && !shop.trim()) {
      setShopMissing(true);
      return;
    }
    imported.reset();
    setFile(chosen);
    void preview.start({ kind, shop: needsShop ? shop.trim() : undefined, preview: true, file: chosen });
  };
  const confirm = () => file && void imported.start({ kind, shop: needsShop ? shop.trim() : undefined, preview: false, file });
  const busy = (run: ImportRun) => run.phase === 'uploading' || run.phase === 'running';

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('reconImportTitle')}>
        <Flex vertical gap={16}>
          {/* A title beside its icon leaves a phone's third of the width a character or two: under it, it has the whole third. */}
          <Steps
            size="small"
            current={step}
            items={[{ title: t('reconImportPreviewOnly') }, { title: t('reconImportConfirm') }, { title: t('reconImportResult') }]}
            titlePlacement={phone ? 'vertical' : 'horizontal'}
            responsive={false}
          />
          <Form name={formName} layout="vertical" className="recon-import-form" disabled={busy(preview.run) || busy(imported.run) || step > 0}>
            <Form.Item label={t('reconImportKind')}>
              <Select
                aria-label={t('reconImportKind')}
                value={kind}
                onChange={(value: ReconFileKind) => {
                  setKind(value);
                  reset();
                }}
                options={FILE_KINDS.map((value) => ({ value, label: t(KIND_LABEL[value]) }))}
              />
            </Form.Item>
            <Form.Item
              label={t('reconImportShop')}
              required={needsShop}
              validateStatus={needsShop && shopMissing ? 'error' : undefined}
              help={needsShop ? (shopMissing ? t('reconImportShopRequired') : undefined) : t('reconImportShopNone')}
            >
              <AutoComplete
                aria-label={t('reconImportShop')}
                disabled={!needsShop}
                value={needsShop ? shop : ''}
                onChange={(value: string) => {
                  setShop(value);
                  if (value.trim()) setShopMissing(false);
                }}
                options={shops.map((value) => ({ value }))}
                placeholder={t('reconImportShopPlaceholder')}
                filterOption={(input, option) => String(option?.value ?? '').includes(input)}
                allowClear
              />
            </Form.Item>
          </Form>
          {step === 0 && preview.run.phase === 'idle' && (
            <Upload.Dragger
              accept={ACCEPT}
              multiple={false}
              showUploadList={false}
              beforeUpload={(chosen) => {
                choose(chosen);
                return Upload.LIST_IGNORE;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('reconImportDrop')}</p>
              <p className="ant-upload-hint">{t('reconImportHint')}</p>
            </Upload.Dragger>
          )}
          {file && step === 0 && <Typography.Text type="secondary">{file.name}</Typography.Text>}
          {step === 0 && <ImportProgress run={preview.run} />}
          {step === 0 && (preview.run.phase === 'error' || preview.run.phase === 'finished') && <Button onClick={reset}>{t('reconImportReselect')}</Button>}
          {previewed?.report && step === 1 && (
            <>
              <PreviewReport report={previewed.report} />
              <ImportProgress run={imported.run} />
              <Space wrap>
                <Button type="primary" onClick={confirm} loading={busy(imported.run)} disabled={previewed.report.valid === 0}>
                  {t('reconImportConfirm')}
                </Button>
                <Button onClick={reset} disabled={busy(imported.run)}>
                  {t('reconImportReselect')}
                </Button>
              </Space>
            </>
          )}
          {done?.report && (
            <Result
              status="success"
              title={t('reconImportResult')}
              subTitle={`${file?.name ?? done.file_name} · ${t(KIND_LABEL[done.kind])}${done.shop ? ` · ${done.shop}` : ''}`}
              extra={
                <Space wrap>
                  <Button type="primary" onClick={() => navigate('/bill/summary')}>
                    {t('reconRunMatch')}
                  </Button>
                  <Button onClick={reset}>{t('reconImportAnother')}</Button>
                </Space>
              }
            >
              <ResultReport report={done.report} />
              <Typography.Paragraph type="secondary" className="recon-then-match">
                {t('reconImportThenMatch')}
              </Typography.Paragraph>
            </Result>
          )}
        </Flex>
      </Card>
      <ImportHistory />
    </Flex>
  );
}
