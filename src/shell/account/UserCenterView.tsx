import { useCallback, useState } from 'react';
import { App as AntApp, Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Tag, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { AvatarData, ProfileData, ProfileUpdateBody } from '../../contract/api/account';
import { patterns } from '../../contract/validators';
import { request } from '../request/client';
import { useApi } from '../request/use-api';
import { useI18n } from '../i18n/I18nProvider';
import { sessionStore } from '../auth/session';
import { SessionsCard } from './SessionsCard';

const AVATAR_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** User center: who I am, my avatar and name, and my signed-in devices. */
export default function UserCenterView() {
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const { data: profile, mutate } = useApi<ProfileData>('/api/index/profile');
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  const applyProfile = useCallback((next: ProfileData) => {
    void mutate(next, { revalidate: false });
    // The header shows name and avatar from the session: keep it in step without a reload.
    sessionStore.set((session) => (session ? { ...session, user_info: { ...session.user_info, name: next.name, logo: next.logo } } : session));
  }, [mutate]);

  async function save(values: ProfileUpdateBody) {
    setSaving(true);
    try {
      applyProfile(await request<ProfileData>('/api/index/profile/update', { body: values }));
      void message.success(t('userCenter.saved'));
    } finally {
      setSaving(false);
    }
  }

  async function upload(file: File) {
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    try {
      const { logo } = await request<AvatarData>('/api/index/avatar', { body: form });
      applyProfile({ ...profile!, logo });
      void message.success(t('userCenter.avatarSaved'));
    } finally {
      setUploading(false);
    }
  }

  if (!profile) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card title={t('app.userCenter')}>
          <div className="user-center-avatar">
            <Avatar size={96} src={profile.logo} />
            <Upload
              accept={AVATAR_TYPES}
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {t('userCenter.changeAvatar')}
              </Button>
            </Upload>
            <Typography.Text type="secondary" className="user-center-hint">
              {t('userCenter.avatarHint')}
            </Typography.Text>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('login.username')}>{profile.username}</Descriptions.Item>
            <Descriptions.Item label={t('form.mobile')}>{profile.mobile ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('userCenter.team')}>{profile.team.name}</Descriptions.Item>
            <Descriptions.Item label={t('userCenter.department')}>{profile.department ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('userCenter.roles')}>
              {profile.role_name.map((name) => (
                <Tag key={name}>{name}</Tag>
              ))}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card title={t('userCenter.profile')} style={{ height: '100%' }}>
          {/* Named so its fields' ids are its own: another kept-alive page's form may also have a "name" field. */}
          <Form<ProfileUpdateBody>
            name="profile"
            layout="vertical"
            initialValues={{ name: profile.name, email: profile.email ?? '' }}
            onFinish={(values) => save({ name: values.name.trim(), email: values.email ?? '' })}
            style={{ maxWidth: 420 }}
          >
            <Form.Item name="name" label={t('userCenter.name')} rules={[{ required: true, whitespace: true, max: 32, message: t('userCenter.nameRequired') }]}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="email" label={t('userCenter.email')} rules={[{ pattern: new RegExp(`^$|${patterns.email}`), message: t('userCenter.emailInvalid') }]}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('form.save')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col span={24}>
        <SessionsCard />
      </Col>
    </Row>
  );
}
