/**
 * What reading a platform file found (the preview: header row, fields recognised, counts, the first
 * rows and the refused ones) and what the import wrote (created / updated / unchanged, the order
 * numbers a shipment file named that nobody has).
 */
import { Card, Descriptions, Flex, Statistic, Table, Tag, Typography } from 'antd';
import type { ReconImportReport } from '../../contract/api/reconciliation';
import { formatNumber } from '../cells/format';
import { useWidgetHost } from '../interface/host';

/** The key of a sample row (rows of a file have no id of their own): its place in the sample. */
const SAMPLE_KEY = '__sample_row';

/** A sample value as text: lists (several tracking numbers) joined. */
const shown = (value: unknown) => (Array.isArray(value) ? value.join('、') : value === null || value === undefined ? '' : String(value));

export function PreviewReport({ report }: { report: ReconImportReport }) {
  const { t } = useWidgetHost();
  const sampleColumns = [...new Set(report.sample.flatMap((row) => Object.keys(row)))];
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'header', label: t('reconImportHeaderLabel'), children: t('reconImportHeaderRow', { row: report.header_row }) },
          {
            key: 'rows',
            label: t('reconImportCountsLabel'),
            children: t('reconImportRows', { rows: formatNumber(report.rows), valid: formatNumber(report.valid), errors: formatNumber(report.error_count) }),
          },
          {
            key: 'columns',
            label: t('reconImportColumns'),
            span: 'filled',
            children: (
              <Flex gap={4} wrap>
                {report.columns.map((column) => (
                  <Tag key={column} color="blue">
                    {column}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
      <Card size="small" title={t('reconImportSample')}>
        <Table
          size="small"
          rowKey={SAMPLE_KEY}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={report.sample.map((row, index) => ({ ...row, [SAMPLE_KEY]: index }))}
          columns={sampleColumns.map((column) => ({ key: column, title: column, dataIndex: column, render: shown }))}
        />
      </Card>
      {report.error_count > 0 && (
        <Card size="small" title={`${t('reconImportErrors')} (${formatNumber(report.error_count)})`}>
          <Typography.Paragraph type="warning">{t('reconImportHasErrors')}</Typography.Paragraph>
          <Table
            size="small"
            rowKey={(error) => `${error.row}:${error.msg}`}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={report.errors}
            columns={[
              { key: 'row', title: t('reconImportRow'), dataIndex: 'row', width: 80 },
              { key: 'msg', title: t('reconImportReason'), dataIndex: 'msg' },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}

export function ResultReport({ report }: { report: ReconImportReport }) {
  const { t } = useWidgetHost();
  return (
    <Flex vertical gap={12}>
      <div className="recon-figures">
        {(
          [
            ['reconImportCreated', report.created],
            ['reconImportUpdated', report.updated],
            ['reconImportUnchanged', report.unchanged],
          ] as const
        ).map(([key, value]) => (
          <Card key={key} size="small">
            <Statistic title={t(key)} value={value} />
          </Card>
        ))}
      </div>
      {report.kind === 'shipments' &&
        (report.unknown_count > 0 ? (
          <Flex vertical gap={4}>
            <Typography.Text type="warning">{t('reconImportUnknown', { count: report.unknown_count })}</Typography.Text>
            <Flex gap={4} wrap>
              {report.unknown.map((order) => (
                <Tag key={order} color="orange">
                  {order}
                </Tag>
              ))}
            </Flex>
          </Flex>
        ) : (
          <Typography.Text type="success">{t('reconImportNoUnknown')}</Typography.Text>
        ))}
    </Flex>
  );
}
