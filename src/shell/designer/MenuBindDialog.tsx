import { useEffect, useMemo, useState } from 'react';
import { App as AntApp, Form, Input, Modal, Select, TreeSelect } from 'antd';
import useSWR from 'swr';
import type { MenuNode } from '../../contract/api/menus';
import type { MenuBindBody } from '../../contract/api/screens';
import type { Screen } from '../../contract/screen';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { designerApi } from './api';
import { useFormName } from '../../widgets/interface/form-name';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

/** Route names are PascalCase words: `custom/supplier` → `CustomSupplier`. */
export function routeNameFor(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')
    .replace(/^[^A-Za-z]+/, '')
    .slice(0, 64);
}

function findBound(nodes: MenuNode[], id: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.vue_path === id) return node;
    const inside = findBound(node.children, id);
    if (inside) return inside;
  }
  return undefined;
}

/**
 * Puts a screen in the menu: where it hangs, its route name and titles, and the roles that may open
 * it. Opening it again edits the existing binding.
 */
export function MenuBindDialog({ screen, open, onClose }: { screen: Screen; open: boolean; onClose(): void }) {
  const formName = useFormName('menuBind');
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<MenuBindBody>();
  const [busy, setBusy] = useState(false);
  const { data: menus } = useSWR<MenuNode[]>(open ? 'designer-menus' : null, () => request<MenuNode[]>('/api/menus/tree'));
  const { data: roles } = useSWR(open ? 'designer-roles' : null, designerApi.roles);
  const { data: grantedRoles } = useSWR(open && menus ? ['designer-bound-roles', screen.id] : null, async () => {
    const bound = findBound(menus!, screen.id);
    if (!bound || !roles) return [];
    const grants = await Promise.all(roles.rows.map((r) => request<{ menu_ids: number[] }>('/api/roles/grants/get', { body: { role_id: r.id } })));
    return roles.rows.filter((_, i) => grants[i]!.menu_ids.includes(bound.id)).map((r) => r.id);
  });

  const tree = useMemo(() => {
    const toOption = (node: MenuNode): TreeOption => ({ value: node.id, title: node.title[lang], children: node.children.filter((c) => c.vue_path !== screen.id).map(toOption) });
    return (menus ?? []).filter((m) => m.vue_path !== screen.id).map(toOption);
  }, [menus, lang, screen.id]);

  useEffect(() => {
    if (!open || !menus) return;
    const bound = findBound(menus, screen.id);
    form.setFieldsValue({
      id: screen.id,
      parent_id: bound?.parent_id ?? null,
      name: bound?.name ?? routeNameFor(screen.id),
      title: bound?.title ?? screen.title,
      icon: bound?.icon ?? 'AppstoreOutlined',
      role_ids: grantedRoles ?? [],
    });
  }, [open, menus, grantedRoles, screen, form]);

  async function submit(values: MenuBindBody) {
    setBusy(true);
    try {
      const binding = await designerApi.bindMenu({ ...values, id: screen.id, parent_id: values.parent_id ?? null });
      void message.success(t('designer.bound', { path: binding.path }));
      onClose();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('designer.bindMenu')} open={open} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden width={560}>
      <Form<MenuBindBody> name={formName} form={form} layout="vertical" onFinish={submit}>
        <Form.Item label={t('designer.menuParent')} name="parent_id" extra={t('designer.menuParentHint')}>
          <TreeSelect treeData={tree} allowClear treeDefaultExpandAll={false} showSearch treeNodeFilterProp="title" placeholder={t('designer.menuTopLevel')} />
        </Form.Item>
        <Form.Item label={t('designer.routeName')} name="name" rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9]{1,63}$/, message: t('designer.routeNameRule') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('designer.titleZh')} name={['title', 'zh']} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('designer.titleEn')} name={['title', 'en']} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('designer.icon')} name="icon" extra={t('designer.iconHint')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('designer.roles')} name="role_ids" extra={t('designer.rolesHint')}>
          <Select mode="multiple" options={(roles?.rows ?? []).map((r) => ({ value: r.id, label: String(r.name) }))} optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
