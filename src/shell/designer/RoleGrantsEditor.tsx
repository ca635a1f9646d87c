import { useMemo, useState } from 'react';
import { App as AntApp, Button, Card, Checkbox, Col, Empty, Row, Select, Space, Tree, Typography } from 'antd';
import useSWR from 'swr';
import type { MenuNode, PermissionCode, RoleGrants } from '../../contract/api/menus';
import { ADMIN_ROLE } from '../../contract/permissions';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { designerApi } from './api';

interface GrantNode {
  key: number;
  title: string;
  children: GrantNode[];
}

function parentsOf(tree: MenuNode[]): Map<number, number | null> {
  const parents = new Map<number, number | null>();
  const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (parents.set(n.id, n.parent_id), walk(n.children)));
  walk(tree);
  return parents;
}

/**
 * Role permission assignment: pick a role, tick the menu items it opens (their parents follow, so
 * the items show in place) and the permission codes it holds beside them.
 */
export default function RoleGrantsEditor() {
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const { data: roles } = useSWR('designer-roles', designerApi.roles);
  const { data: tree } = useSWR<MenuNode[]>('designer-menus', () => request<MenuNode[]>('/api/menus/tree'));
  const { data: codes } = useSWR<PermissionCode[]>('designer-codes', () => request<PermissionCode[]>('/api/roles/permission-codes'));
  const [roleId, setRoleId] = useState<number | null>(null);
  const { data: grants, mutate } = useSWR<RoleGrants>(roleId ? ['designer-grants', roleId] : null, () => request<RoleGrants>('/api/roles/grants/get', { body: { role_id: roleId } }));
  const [checked, setChecked] = useState<number[]>([]);
  const [permissions, setPermissions] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const role = roles?.rows.find((r) => r.id === roleId);
  const fixed = role?.code === ADMIN_ROLE;
  const parents = useMemo(() => parentsOf(tree ?? []), [tree]);
  const parentIds = useMemo(() => new Set([...parents.values()].filter((id): id is number => id !== null)), [parents]);

  // A role's grants fill the editor when they arrive (state adjusted while rendering).
  const [shown, setShown] = useState<RoleGrants | null>(null);
  if (grants && tree && grants !== shown) {
    setShown(grants);
    // Only leaves are ticked: a parent shows half-ticked from its children, as the tree draws it.
    setChecked(grants.menu_ids.filter((id) => !parentIds.has(id)));
    setPermissions(grants.permissions);
  }

  async function save() {
    if (!roleId) return;
    const withParents = new Set<number>();
    for (const id of checked) {
      for (let at: number | null | undefined = id; at != null && !withParents.has(at); at = parents.get(at)) withParents.add(at);
    }
    setBusy(true);
    try {
      await request('/api/roles/grants/save', { body: { role_id: roleId, menu_ids: [...withParents], permissions } });
      await mutate();
      void message.success(t('designer.grantsSaved'));
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  }

  const toData = (node: MenuNode): GrantNode => ({ key: node.id, title: node.title[lang], children: node.children.map(toData) });

  return (
    <div data-testid="role-grants-editor">
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>{t('designer.role')}</Typography.Text>
        <Select
          style={{ width: 240 }}
          placeholder={t('designer.chooseRole')}
          value={roleId ?? undefined}
          onChange={setRoleId}
          options={(roles?.rows ?? []).map((r) => ({ value: r.id, label: `${String(r.name)} (${String(r.code)})` }))}
        />
        <Button type="primary" onClick={save} loading={busy} disabled={!roleId || fixed}>
          {t('designer.saveGrants')}
        </Button>
        {fixed && <Typography.Text type="secondary">{t('designer.adminFixed')}</Typography.Text>}
      </Space>
      {!roleId ? (
        <Empty description={t('designer.chooseRole')} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Card size="small" title={t('designer.menuGrants')}>
              <Tree<GrantNode>
                checkable
                disabled={fixed}
                defaultExpandAll
                treeData={(tree ?? []).map(toData)}
                checkedKeys={checked}
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number).filter((id) => !parentIds.has(id)))}
              />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card size="small" title={t('designer.permissionCodes')}>
              <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} disabled={fixed} value={permissions} onChange={(v) => setPermissions(v as string[])}>
                {(codes ?? []).map((c) => (
                  <Checkbox key={c.code} value={c.code}>
                    {c.title[lang]} <Typography.Text type="secondary" code>{c.code}</Typography.Text>
                  </Checkbox>
                ))}
              </Checkbox.Group>
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
