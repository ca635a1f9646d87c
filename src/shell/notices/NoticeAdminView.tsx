import { useState } from 'react';
import { App as AntApp, Button, Card, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { AdminNotice, AdminNoticeList, CreateNoticeBody, NoticeTargetKind, NoticeTeamList, NoticeType } from '../../contract/api/notice';
import { request } from '../request/client';
import { useApi } from '../request/use-api';
import { useI18n } from '../i18n/I18nProvider';
import type { MessageKey } from '../i18n/types';
import { formatDateTime } from '../utils/relative-time';
import { NOTICE_TITLES, NoticeHtml } from './NoticeHtml';
import { useFormName } from '../../widgets/interface/form-name';

const TYPES: NoticeType[] = [1, 2, 3];

const TARGETS: Record<NoticeTargetKind, MessageKey> = {
  team: 'notice.targetTeam',
  user: 'notice.targetUser',
  role: 'notice.targetRole',
  all: 'notice.targetAll',
};

const INITIAL: Partial<CreateNoticeBody> = { type: 2, target_kind: 'team' };

/** Settings › Notices: send a notice to a user, a role, a team or everyone, and see who closed it. */
export default function NoticeAdminView() {
  const formName = useFormName('notice');
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<CreateNoticeBody>();
  const kind = Form.useWatch('target_kind', form);
  const [busy, setBusy] = useState(false);
  const { data, isValidating, mutate } = useApi<AdminNoticeList>('/api/admin/notices/list');
  const teams = useApi<NoticeTeamList>('/api/admin/notices/teams').data?.rows;

  async function submit(values: CreateNoticeBody) {
    setBusy(true);
    try {
      await request('/api/admin/notices', { body: { ...values, target_id: values.target_kind === 'all' ? null : values.target_id } });
      void message.success(t('notice.created'));
      form.resetFields(['find_id', 'content']);
      await mutate();
    } catch {
      // The request client has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('notice.create')} style={{ maxWidth: 720 }}>
        <Form<CreateNoticeBody> name={formName} form={form} layout="vertical" initialValues={INITIAL} onFinish={submit}>
          <Space wrap align="start">
            <Form.Item name="type" label={t('notice.type')}>
              <Select
                style={{ width: 160 }}
                options={TYPES.map((value) => ({ value, label: t(NOTICE_TITLES[value]) }))}
              />
            </Form.Item>
            <Form.Item name="target_kind" label={t('notice.target')}>
              <Select
                style={{ width: 160 }}
                options={(Object.keys(TARGETS) as NoticeTargetKind[]).map((value) => ({ value, label: t(TARGETS[value]) }))}
              />
            </Form.Item>
            {kind === 'team' && (
              <Form.Item name="target_id" label={t('notice.targetTeam')} rules={[{ required: true, message: t('notice.targetTeamRequired') }]}>
                <Select
                  style={{ width: 200 }}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={!teams}
                  options={teams?.map((team) => ({ value: team.id, label: team.name }))}
                />
              </Form.Item>
            )}
            {(kind === 'user' || kind === 'role') && (
              <Form.Item
                name="target_id"
                label={t('notice.targetId')}
                tooltip={t('notice.targetIdHint')}
                rules={[{ required: true, message: t('notice.targetIdRequired') }]}
              >
                <InputNumber min={1} precision={0} style={{ width: 160 }} />
              </Form.Item>
            )}
            <Form.Item name="find_id" label={t('notice.findId')} rules={[{ required: true, whitespace: true, message: t('notice.findIdRequired') }]}>
              <Input maxLength={64} style={{ width: 200 }} />
            </Form.Item>
          </Space>
          <Form.Item name="content" label={t('notice.content')} extra={t('notice.contentHint')} rules={[{ required: true, whitespace: true, message: t('notice.contentRequired') }]}>
            <Input.TextArea rows={4} maxLength={5000} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('notice.submit')}
          </Button>
        </Form>
      </Card>
      <Card
        title={t('notice.recent')}
        extra={
          <Button onClick={() => void mutate()} loading={isValidating}>
            {t('notice.refresh')}
          </Button>
        }
      >
        <Table<AdminNotice>
          rowKey="id"
          size="small"
          loading={isValidating}
          dataSource={data?.rows ?? []}
          scroll={{ x: 960 }}
          columns={[
            { title: t('notice.createdAt'), dataIndex: 'created_at', width: 170, render: (at: number) => formatDateTime(at) },
            { title: t('notice.type'), dataIndex: 'type', width: 100, render: (type: NoticeType) => t(NOTICE_TITLES[type]) },
            {
              title: t('notice.target'),
              width: 140,
              render: (_, row) =>
                row.target_kind === 'all' ? t(TARGETS.all) : `${t(TARGETS[row.target_kind])} · ${row.target_name ?? `#${row.target_id}`}`,
            },
            { title: t('notice.findId'), dataIndex: 'find_id', width: 160 },
            { title: t('notice.content'), dataIndex: 'content', render: (html: string) => <NoticeHtml html={html} /> },
            { title: t('notice.creator'), dataIndex: 'creator', width: 120, render: (name: string | null) => name ?? '—' },
            { title: t('notice.closedCount'), dataIndex: 'closed_count', width: 110, align: 'right' },
          ]}
        />
      </Card>
    </Space>
  );
}
