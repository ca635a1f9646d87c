import { useCallback } from 'react';
import { App as AntApp, Button, Card, Popconfirm, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { SessionInfo } from '../../contract/api/account';
import { settings } from '../../contract/settings';
import { request } from '../request/client';
import { useApi } from '../request/use-api';
import { useI18n } from '../i18n/I18nProvider';
import { useThrottledAction } from '../hooks/useGuardedAction';

/** The user's signed-in devices, with "sign out" per device and for all the others. */
export function SessionsCard() {
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const { data, isValidating, mutate } = useApi<{ rows: SessionInfo[] }>('/api/index/sessions');
  const rows = data?.rows ?? [];
  const reload = useCallback(() => void mutate(), [mutate]);
  const refresh = useThrottledAction(reload);

  async function end(body: { id: number } | { others: true }) {
    await request('/api/index/sessions/end', { body });
    if ('others' in body) void message.success(t('sessions.endOthersDone'));
    await mutate();
  }

  const time = (ms: number) => dayjs(ms).format(settings.dateFormat);
  return (
    <Card
      title={t('sessions.title')}
      extra={
        <>
          <Button onClick={() => refresh()} data-testid="sessions-refresh">
            {t('sessions.refresh')}
          </Button>{' '}
          <Popconfirm title={t('sessions.endOthers')} onConfirm={() => end({ others: true })}>
            <Button danger disabled={rows.length < 2}>
              {t('sessions.endOthers')}
            </Button>
          </Popconfirm>
        </>
      }
    >
      <Table<SessionInfo>
        rowKey="id"
        size="small"
        loading={isValidating}
        pagination={false}
        dataSource={rows}
        scroll={{ x: 820 }}
        columns={[
          {
            title: t('sessions.device'),
            dataIndex: 'device',
            ellipsis: true,
            render: (device: string, row) => (
              <>
                {row.current && <Tag color="blue">{t('sessions.current')}</Tag>}
                <Tooltip title={row.user_agent}>
                  <span>{device || row.user_agent || '—'}</span>
                </Tooltip>
              </>
            ),
          },
          { title: t('sessions.address'), dataIndex: 'ip', width: 140 },
          { title: t('sessions.signedInAt'), dataIndex: 'created_at', width: 180, render: time },
          { title: t('sessions.lastActive'), dataIndex: 'last_seen_at', width: 180, render: time },
          {
            title: '',
            width: 90,
            render: (_, row) =>
              row.current ? null : (
                <Button type="link" danger onClick={() => end({ id: row.id })}>
                  {t('sessions.end')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
