import { useMemo, useState } from 'react';
import { App as AntApp, Button, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import type { ResourceDefinition } from '../../contract/resource';
import { defaultScreen } from '../../contract/screen-defaults';
import { useI18n } from '../i18n/I18nProvider';
import { designerApi } from './api';
import { ResourceEditor } from './ResourceEditor';

/** Where the default screen of an admin-defined resource lives. */
export const customScreenId = (resource: string) => `custom/${resource}`;

/** Resources: the built-in ones to read, the admin's own to create, change and give a screen. */
export function ResourcesPanel({ onOpenScreen }: { onOpenScreen(id: string): void }) {
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const { data, isLoading, mutate } = useSWR<ResourceDefinition[]>('designer-resources', designerApi.definitions);
  const [editing, setEditing] = useState<ResourceDefinition | null | 'new'>(null);
  // The admin's own resources first: they are the ones to act on, and a new one must not land on a
  // second page behind the two dozen built-in ones.
  const rows = useMemo(() => (data ? [...data.filter((d) => d.kind === 'custom'), ...data.filter((d) => d.kind !== 'custom')] : undefined), [data]);

  async function generate(definition: ResourceDefinition) {
    const id = customScreenId(definition.name);
    const problems = await designerApi.saveScreen(defaultScreen(definition, id));
    if (problems.length) {
      void message.error(problems.map((p) => `${p.path} ${p.message}`).join('; '));
      return;
    }
    void message.success(t('designer.generated', { id }));
    onOpenScreen(id);
  }

  return (
    <>
      <Table<ResourceDefinition>
        size="middle"
        rowKey="name"
        loading={isLoading}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        title={() => (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('designer.newResource')}
          </Button>
        )}
        columns={[
          { title: t('designer.resourceName'), dataIndex: 'name', render: (name: string) => <code>{name}</code> },
          { title: t('designer.title'), render: (_, d) => d.title[lang] },
          { title: t('designer.kind'), dataIndex: 'kind', render: (kind: string) => <Tag color={kind === 'custom' ? 'blue' : 'default'}>{t(kind === 'custom' ? 'designer.kindCustom' : 'designer.kindBuiltin')}</Tag> },
          { title: t('designer.fieldCount'), render: (_, d) => d.fields.length },
          {
            title: t('designer.actions'),
            render: (_, d) =>
              d.kind === 'custom' ? (
                <Space>
                  <Button size="small" onClick={() => setEditing(d)}>
                    {t('designer.editFields')}
                  </Button>
                  <Button size="small" onClick={() => generate(d)}>
                    {t('designer.generateScreen')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ResourceEditor
        definition={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await mutate();
        }}
      />
    </>
  );
}
