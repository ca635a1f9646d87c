/**
 * 移动: the team's folders as a tree under 根目录; the folder being moved and those below it are
 * not offered. The server's refusal (a name already there) stays in the dialog.
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { Alert, Modal, Skeleton, Tree } from 'antd';
import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { useWidgetHost } from '../interface/host';
import { messageOf } from '../quoting/errors';
import { folderTree, type FolderNode } from './file-view';

const TOP = 0;

export interface MoveDialogProps {
  name: string;
  team: number;
  /** Where it is now (null: the top). */
  current: number | null;
  /** A folder being moved: it and its subfolders are no destination. */
  folder?: number;
  onMove(target: number | null): Promise<unknown>;
  onClose(): void;
}

type TreeNode = { key: number; title: string; icon: React.ReactNode; children: TreeNode[] };
const withIcons = (nodes: FolderNode[]): TreeNode[] => nodes.map((node) => ({ key: node.key, title: node.title, icon: <FolderOutlined />, children: withIcons(node.children) }));

export function MoveDialog({ name, team, current, folder, onMove, onClose }: MoveDialogProps) {
  const { t, data } = useWidgetHost();
  const folders = useSWR(['files-folders', team], () => data.files.folders({ team_id: String(team) }));
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tree = useMemo(
    () => [{ key: TOP, title: t('goodsFilesTop'), icon: <HomeOutlined />, children: withIcons(folderTree(folders.data?.rows ?? [], folder)) }],
    [folders.data, folder, t],
  );
  const chosen = target === null ? undefined : target === TOP ? null : target;

  async function move() {
    if (chosen === undefined) return;
    setBusy(true);
    try {
      await onMove(chosen);
      onClose();
    } catch (failure) {
      setError(messageOf(failure, t('loadFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('goodsFilesMoveTo', { name })}
      okText={t('goodsFilesMoveHere')}
      cancelText={t('goodsFilesCancel')}
      okButtonProps={{ disabled: chosen === undefined || chosen === current }}
      confirmLoading={busy}
      onOk={() => void move()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon title={error} className="files-dialog-alert" />}
      {folders.isLoading ? (
        <Skeleton active />
      ) : (
        <Tree<TreeNode>
          className="files-move-tree"
          showIcon
          defaultExpandAll
          blockNode
          treeData={tree}
          selectedKeys={target === null ? [] : [target]}
          onSelect={(keys) => {
            setTarget(keys.length ? Number(keys[0]) : null);
            setError(null);
          }}
        />
      )}
    </Modal>
  );
}
