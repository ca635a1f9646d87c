import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ClientErrorKind, ClientErrorList, ClientErrorRow } from '../../contract/api/client-errors';
import { ERROR_LOG_PERMISSION } from '../../contract/error-log';
import { useStore } from '../store';
import { useApi } from '../request/use-api';
import { usePermission } from '../auth/Permission';
import { useI18n } from '../i18n/I18nProvider';
import type { MessageKey } from '../i18n/types';
import { formatRelativeTime } from '../utils/relative-time';
import { clearErrorLog, errorLogStore, keepsErrors, type ErrorEntry } from './error-log';

const KINDS: Record<ClientErrorKind, { label: MessageKey; color: string }> = {
  error: { label: 'errorLog.kindError', color: 'red' },
  rejection: { label: 'errorLog.kindRejection', color: 'orange' },
  render: { label: 'errorLog.kindRender', color: 'magenta' },
  sw: { label: 'errorLog.kindSw', color: 'purple' },
};

interface LoggedError {
  kind: ClientErrorKind;
  url: string;
  message: string;
  stack?: string;
}

/** The columns both tables share; each table says where its time is and may add columns. */
function useErrorColumns<T extends LoggedError>(timeOf: (row: T) => number, extra: ColumnsType<T> = []): ColumnsType<T> {
  const { t, lang } = useI18n();
  return [
    { title: t('errorLog.time'), key: 'time', width: 150, render: (_, row) => formatRelativeTime(timeOf(row), { lang }) },
    { title: t('errorLog.kind'), dataIndex: 'kind', width: 150, render: (kind: ClientErrorKind) => <Tag color={KINDS[kind].color}>{t(KINDS[kind].label)}</Tag> },
    ...extra,
    { title: t('errorLog.url'), dataIndex: 'url', width: 260, ellipsis: true },
    { title: t('errorLog.message'), dataIndex: 'message', ellipsis: true },
  ];
}

/** A row opens to its stack, when it has one. */
const stackRow = {
  expandedRowRender: (row: LoggedError) => <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0 }}>{row.stack}</pre>,
  rowExpandable: (row: LoggedError) => !!row.stack,
};

function ServerErrors() {
  const { t } = useI18n();
  const { data, isValidating, mutate } = useApi<ClientErrorList>('/api/admin/error-log/list');
  const columns = useErrorColumns<ClientErrorRow>((row) => row.created_at, [
    { title: t('errorLog.user'), dataIndex: 'username', width: 120 },
    { title: t('errorLog.browser'), dataIndex: 'user_agent', width: 200, ellipsis: true },
  ]);
  return (
    <Card title={t('errorLog.server')} extra={<Button onClick={() => void mutate()}>{t('errorLog.refresh')}</Button>}>
      <Table<ClientErrorRow>
        rowKey="id"
        size="small"
        loading={isValidating}
        dataSource={data?.rows ?? []}
        columns={columns}
        expandable={stackRow}
        scroll={{ x: 1100 }}
        data-testid="server-errors"
      />
    </Card>
  );
}

/** Error Log (setting/error-log): what this browser met, and what every browser reported to the server. */
export default function ErrorLogView() {
  const { t } = useI18n();
  const entries = useStore(errorLogStore);
  const columns = useErrorColumns<ErrorEntry>((row) => row.time);
  const readsServer = usePermission(ERROR_LOG_PERMISSION);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('errorLog.local')}
        extra={
          <Button onClick={clearErrorLog} disabled={!entries.length}>
            {t('errorLog.clear')}
          </Button>
        }
      >
        {keepsErrors() ? null : (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('errorLog.notKept', { mode: import.meta.env.MODE })} />
        )}
        <Table<ErrorEntry>
          rowKey="id"
          size="small"
          dataSource={[...entries]}
          columns={columns}
          expandable={stackRow}
          scroll={{ x: 900 }}
          data-testid="local-errors"
        />
      </Card>
      {readsServer ? <ServerErrors /> : null}
    </Space>
  );
}
