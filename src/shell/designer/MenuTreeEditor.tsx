import { App as AntApp, Empty, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import useSWR from 'swr';
import type { MenuMoveBody, MenuNode } from '../../contract/api/menus';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';

interface DropTarget {
  parent_id: number | null;
  index: number;
}

/**
 * Where a drop puts the dragged item: inside the target (first child), or before or after it
 * among the target's siblings, counted without the dragged item itself.
 */
export function dropTarget(tree: MenuNode[], dragId: number, targetId: number, position: 'inside' | 'before' | 'after'): DropTarget {
  if (position === 'inside') return { parent_id: targetId, index: 0 };
  const find = (nodes: MenuNode[]): MenuNode[] | null => {
    if (nodes.some((n) => n.id === targetId)) return nodes;
    for (const n of nodes) {
      const inside = find(n.children);
      if (inside) return inside;
    }
    return null;
  };
  const siblings = (find(tree) ?? []).filter((n) => n.id !== dragId);
  const at = siblings.findIndex((n) => n.id === targetId);
  const target = siblings[at]!;
  return { parent_id: target.parent_id, index: position === 'before' ? at : at + 1 };
}

/** The menu editor: the whole menu as a tree, rearranged by drag and drop, saved on each drop. */
export default function MenuTreeEditor() {
  const { t, lang } = useI18n();
  const { message } = AntApp.useApp();
  const { data: tree, mutate, isLoading } = useSWR<MenuNode[]>('designer-menus', () => request<MenuNode[]>('/api/menus/tree'));

  const onDrop: TreeProps['onDrop'] = async (info) => {
    if (!tree) return;
    const dragId = Number(info.dragNode.key);
    const targetId = Number(info.node.key);
    const last = Number(info.node.pos.split('-').pop());
    const relative = info.dropPosition - last;
    const position = !info.dropToGap ? 'inside' : relative === -1 ? 'before' : 'after';
    const body: MenuMoveBody = { id: dragId, ...dropTarget(tree, dragId, targetId, position) };
    try {
      const next = await request<MenuNode[]>('/api/menus/move', { body });
      await mutate(next, { revalidate: false });
      void message.success(t('designer.menuMoved'));
    } catch {
      // shown by the request client; the tree stays as the server has it
      await mutate();
    }
  };

  if (isLoading) return <Spin />;
  if (!tree?.length) return <Empty />;
  const toData = (node: MenuNode): NonNullable<TreeProps['treeData']>[number] => ({
    key: node.id,
    title: (
      // On a narrow screen the path and view id move under the title, which never breaks.
      <Space size={[6, 0]} wrap>
        <span style={{ whiteSpace: 'nowrap' }}>{node.title[lang]}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {node.path}
        </Typography.Text>
        {node.hidden && <Tag>{t('designer.hidden')}</Tag>}
        {node.vue_path && node.children.length === 0 && <Tag color="blue">{node.vue_path}</Tag>}
      </Space>
    ),
    children: node.children.map(toData),
  });
  return (
    <div data-testid="menu-tree-editor">
      <Typography.Paragraph type="secondary">{t('designer.menuTreeHint')}</Typography.Paragraph>
      <Tree draggable={{ icon: false }} blockNode showLine defaultExpandAll treeData={tree.map(toData)} onDrop={onDrop} />
    </div>
  );
}
