import { useEffect, useState } from 'react';
import { App as AntApp, Button, Checkbox, Drawer, Form, Input, Select, Space, Switch, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_TYPES, NAME_PATTERN, type FieldOption, type FieldType, type ResourceDefinition, type ResourceField } from '../../contract/resource';
import { useI18n } from '../i18n/I18nProvider';
import type { MessageKey } from '../i18n/types';
import { designerApi } from './api';
import { useFormName } from '../../widgets/interface/form-name';

/** A field as the editor holds it: enum options as lines of "value,中文,English". */
type FieldRow = Omit<ResourceField, 'options'> & { optionLines?: string };
interface Values {
  name: string;
  title: { zh: string; en: string };
  labelField: string;
  teamScoped: boolean;
  fields: FieldRow[];
}

const NAME = new RegExp(NAME_PATTERN);

export function optionsFromLines(lines: string | undefined): FieldOption[] {
  return (lines ?? '')
    .split('\n')
    .map((line) => line.split(/[,，]/).map((part) => part.trim()))
    .filter(([value]) => value)
    .map(([value, zh, en]) => ({ value: value!, label: { zh: zh || value!, en: en || zh || value! } }));
}

const linesFromOptions = (options: FieldOption[] | undefined) => (options ?? []).map((o) => `${o.value},${o.label.zh},${o.label.en}`).join('\n');

function toDefinition(values: Values, base: ResourceDefinition | null): ResourceDefinition {
  return {
    name: values.name,
    title: values.title,
    kind: 'custom',
    labelField: values.labelField,
    teamScoped: values.teamScoped,
    version: base?.version ?? 1,
    fields: values.fields.map(({ optionLines, ...field }) => {
      const clean = Object.fromEntries(Object.entries(field).filter(([, v]) => v !== undefined && v !== false)) as unknown as ResourceField;
      return field.type === 'enum' ? { ...clean, options: optionsFromLines(optionLines) } : clean;
    }),
  };
}

const NEW_FIELD: FieldRow = { name: '', title: { zh: '', en: '' }, type: 'string' };

/**
 * Creates or changes an admin-defined resource: its name, titles and typed fields (required,
 * indexed for filters and sorting, part of the keyword search, enum options).
 */
export function ResourceEditor({ definition, open, onClose, onSaved }: { definition: ResourceDefinition | null; open: boolean; onClose(): void; onSaved(d: ResourceDefinition): void }) {
  const formName = useFormName('resource');
  const { t } = useI18n();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const fields = Form.useWatch('fields', form) ?? [];

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      definition
        ? { ...definition, fields: definition.fields.map((f) => ({ ...f, optionLines: linesFromOptions(f.options) })) }
        : { name: '', title: { zh: '', en: '' }, labelField: 'name', teamScoped: true, fields: [{ ...NEW_FIELD, name: 'name', title: { zh: '名称', en: 'Name' }, required: true, searchable: true, indexed: true }] },
    );
  }, [open, definition, form]);

  async function submit(values: Values) {
    setBusy(true);
    try {
      const saved = await designerApi.saveDefinition(toDefinition(values, definition));
      void message.success(t('designer.resourceSaved'));
      onSaved(saved);
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  }

  const typeOptions = FIELD_TYPES.filter((type) => type !== 'rows').map((value) => ({ value, label: t(`designer.fieldType.${value}` as MessageKey) }));
  const nameRule = { pattern: NAME, message: t('designer.nameRule') };

  return (
    <Drawer
      title={definition ? t('designer.editResource', { name: definition.name }) : t('designer.newResource')}
      open={open}
      onClose={onClose}
      size={1100}
      destroyOnHidden
      extra={
        <Button type="primary" loading={busy} onClick={() => form.submit()}>
          {t('designer.saveResource')}
        </Button>
      }
    >
      <Form<Values> name={formName} form={form} layout="vertical" onFinish={submit}>
        <Space align="start" wrap>
          <Form.Item label={t('designer.resourceName')} name="name" rules={[{ required: true }, nameRule]} extra={t('designer.resourceNameHint')}>
            <Input disabled={Boolean(definition)} style={{ width: 200 }} maxLength={40} />
          </Form.Item>
          <Form.Item label={t('designer.titleZh')} name={['title', 'zh']} rules={[{ required: true, whitespace: true }]}>
            <Input style={{ width: 180 }} maxLength={100} />
          </Form.Item>
          <Form.Item label={t('designer.titleEn')} name={['title', 'en']} rules={[{ required: true, whitespace: true }]}>
            <Input style={{ width: 180 }} maxLength={100} />
          </Form.Item>
          <Form.Item label={t('designer.labelField')} name="labelField" rules={[{ required: true }]}>
            <Select style={{ width: 160 }} options={fields.filter((f) => f?.name).map((f) => ({ value: f.name, label: f.name }))} />
          </Form.Item>
          <Form.Item label={t('designer.teamScoped')} name="teamScoped" valuePropName="checked" tooltip={t('designer.teamScopedHint')}>
            <Switch />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>{t('designer.fields')}</Typography.Title>
        <Form.List name="fields">
          {(rows, { add, remove }) => (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={rows}
                scroll={{ x: 1000 }}
                columns={[
                  {
                    title: t('designer.fieldName'),
                    width: 150,
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'name']} rules={[{ required: true, message: t('designer.required') }, nameRule]} style={{ margin: 0 }}>
                        {/* A stored field keeps its name: its column holds the rows' values. Form.List numbers the loaded rows first. */}
                        <Input disabled={row.key < (definition?.fields.length ?? 0)} maxLength={40} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('designer.titleZh'),
                    width: 130,
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'title', 'zh']} rules={[{ required: true, message: t('designer.required') }]} style={{ margin: 0 }}>
                        <Input maxLength={100} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('designer.titleEn'),
                    width: 130,
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'title', 'en']} rules={[{ required: true, message: t('designer.required') }]} style={{ margin: 0 }}>
                        <Input maxLength={100} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('designer.fieldTypeLabel'),
                    width: 130,
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'type']} style={{ margin: 0 }}>
                        <Select<FieldType> options={typeOptions} />
                      </Form.Item>
                    ),
                  },
                  ...(['required', 'indexed', 'searchable'] as const).map((flag) => ({
                    title: t(`designer.${flag}`),
                    width: 80,
                    align: 'center' as const,
                    render: (_: unknown, row: { name: number }) => (
                      <Form.Item name={[row.name, flag]} valuePropName="checked" style={{ margin: 0 }}>
                        <Checkbox />
                      </Form.Item>
                    ),
                  })),
                  {
                    title: t('designer.options'),
                    render: (_, row) =>
                      fields[row.name]?.type === 'enum' ? (
                        <Form.Item name={[row.name, 'optionLines']} rules={[{ required: true, message: t('designer.optionsRequired') }]} style={{ margin: 0 }}>
                          <Input.TextArea autoSize={{ minRows: 1, maxRows: 5 }} placeholder={t('designer.optionsHint')} />
                        </Form.Item>
                      ) : (
                        <Typography.Text type="secondary">—</Typography.Text>
                      ),
                  },
                  {
                    width: 48,
                    render: (_, row) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('designer.removeField')} onClick={() => remove(row.name)} />,
                  },
                ]}
              />
              <Button type="dashed" icon={<PlusOutlined />} block style={{ marginTop: 8 }} onClick={() => add({ ...NEW_FIELD })}>
                {t('designer.addField')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
