/**
 * 文件管理 (商品 › 文件管理, /goods/explorer): the team's files in folders, as a cloud drive shows
 * them. A path of folders on top, the tools (upload, new folder, search within the team, type,
 * order, list or thumbnails), the team's usage, and the folder's contents; each folder or file can
 * be opened, downloaded, renamed, moved and deleted. An administrator sees every team's files and
 * may narrow them to one team. Placed by the screen goods/explorer as the block `goodsExplorer`.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { App, Breadcrumb, Button, Card, Flex, Input, Result, Segmented, Select, Tooltip, Typography } from 'antd';
import { AppstoreOutlined, ArrowDownOutlined, ArrowUpOutlined, BarsOutlined, CloudUploadOutlined, FolderAddOutlined, HomeOutlined } from '@ant-design/icons';
import { FILE_KINDS, FILES_WRITE, type FileKind, type FileRow, type FileSort, type FilesListQuery } from '../../contract/api/files';
import { useWidgetHost } from '../interface/host';
import type { BlockProps } from '../interface/registry';
import { codeOf, messageOf } from '../quoting/errors';
import { EntryGrid, EntryTable, type EntryAction } from './EntryViews';
import { FilePreview } from './FilePreview';
import { MoveDialog } from './MoveDialog';
import { NameDialog } from './NameDialog';
import { UploadDialog } from './UploadDialog';
import { entriesOf, formatBytes, KIND_LABELS, previewOf, type Entry } from './file-view';
import './files.css';

type Dialog =
  | { kind: 'upload' }
  | { kind: 'newFolder' }
  | { kind: 'rename'; entry: Entry }
  | { kind: 'move'; entry: Entry }
  | { kind: 'preview'; file: FileRow }
  | null;

export default function ExplorerBlock(_: BlockProps) {
  const { t, data, can } = useWidgetHost();
  // Read-only members see no upload, new folder, rename, move or delete: the server would refuse them.
  const writes = can(FILES_WRITE);
  const { message, modal } = App.useApp();
  const [team, setTeam] = useState<number>();
  const [folder, setFolder] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<FileKind>();
  const [sort, setSort] = useState<FileSort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [view, setView] = useState<'list' | 'grid'>('list');
  const [dialog, setDialog] = useState<Dialog>(null);

  const query: FilesListQuery = {
    ...(team ? { team_id: String(team) } : {}),
    ...(folder ? { folder_id: String(folder) } : {}),
    ...(keyword ? { keyword } : {}),
    ...(kind ? { kind } : {}),
    sort,
    order,
  };
  const listing = useSWR(['files', query], () => data.files.list(query), {
    keepPreviousData: true,
    // The folder shown was deleted or moved away by someone else: back to the top.
    onError: (error) => codeOf(error) === 404 && folder !== null && setFolder(null),
  });
  const shown = listing.data;
  const refresh = () => void listing.mutate();
  // Where new folders and uploads go: the team shown (a folder says whose it is).
  const writeTeam = shown?.team_id ?? null;
  const severalTeams = (shown?.teams.length ?? 0) > 0;

  const open = (id: number | null) => {
    setFolder(id);
    setKeyword('');
    setSearch('');
  };

  async function remove(entry: Entry) {
    const folderEntry = entry.type === 'folder';
    const content = folderEntry ? (entry.row.file_count > 0 ? t('goodsFilesDeleteFolderHolds', { count: entry.row.file_count }) : t('goodsFilesDeleteEmpty')) : t('goodsFilesDeleteForever');
    const confirmed = await modal.confirm({
      title: folderEntry ? t('goodsFilesDeleteFolder', { name: entry.row.name }) : t('goodsFilesDeleteFile', { name: entry.row.name }),
      content,
      okText: t('goodsFilesDelete'),
      okButtonProps: { danger: true },
      cancelText: t('goodsFilesCancel'),
    });
    if (!confirmed) return;
    // The request client shows a refusal itself.
    await (folderEntry ? data.files.deleteFolder(entry.row.id) : data.files.deleteFile(entry.row.id));
    void message.success(t('goodsFilesDeleted'));
    refresh();
  }

  function act(action: EntryAction, entry: Entry) {
    if (action === 'open') {
      if (entry.type === 'folder') open(entry.row.id);
      else if (previewOf(entry.row.name)) setDialog({ kind: 'preview', file: entry.row });
      else void data.files.download(entry.row.id, entry.row.name);
    } else if (action === 'download' && entry.type === 'file') {
      void data.files.download(entry.row.id, entry.row.name);
    } else if (action === 'rename' || action === 'move') {
      setDialog({ kind: action, entry });
    } else if (action === 'delete') {
      remove(entry).catch(() => undefined);
    }
  }

  const done = (text: string) => () => {
    void message.success(text);
    refresh();
  };
  const folderName = shown?.path.at(-1)?.name ?? t('goodsFilesRoot');
  const searching = keyword !== '';
  const entries = shown ? entriesOf(shown.folders, shown.files) : [];
  const empty = searching || kind ? t('goodsFilesNoMatch') : t(writes ? 'goodsFilesEmptyFolder' : 'goodsFilesEmptyFolderRead');
  const cannotWrite = writeTeam === null ? t('goodsFilesPickTeam') : undefined;

  return (
    <Flex vertical gap={12} className="files">
      <Card size="small" className="files-toolbar">
        <Flex vertical gap={10}>
          <Flex gap={8} wrap align="center" justify="space-between">
            <Breadcrumb
              className="files-path"
              items={[
                { key: 'top', title: <Typography.Link onClick={() => open(null)}><HomeOutlined /> {t('goodsFilesRoot')}</Typography.Link> },
                ...(shown?.path ?? []).map((crumb, i, path) => ({
                  key: crumb.id,
                  title: i === path.length - 1 ? <span>{crumb.name}</span> : <Typography.Link onClick={() => open(crumb.id)}>{crumb.name}</Typography.Link>,
                })),
              ]}
            />
            {shown && (
              <Typography.Text type="secondary" className="files-usage">
                {t('goodsFilesUsage', { size: formatBytes(shown.usage.bytes), count: shown.usage.files })}
              </Typography.Text>
            )}
          </Flex>
          <Flex gap={8} wrap align="center" justify="space-between">
            {writes && (
              <Flex gap={8} wrap>
                <Tooltip title={cannotWrite}>
                  <Button type="primary" icon={<CloudUploadOutlined />} disabled={!!cannotWrite} onClick={() => setDialog({ kind: 'upload' })}>
                    {t('goodsFilesUpload')}
                  </Button>
                </Tooltip>
                <Tooltip title={cannotWrite}>
                  <Button icon={<FolderAddOutlined />} disabled={!!cannotWrite} onClick={() => setDialog({ kind: 'newFolder' })}>
                    {t('goodsFilesNewFolder')}
                  </Button>
                </Tooltip>
              </Flex>
            )}
            <Flex gap={8} wrap align="center" className="files-filters">
              {severalTeams && (
                <Select<number>
                  aria-label={t('goodsFilesTeam')}
                  className="files-team"
                  allowClear
                  placeholder={t('goodsFilesAllTeams')}
                  value={team}
                  onChange={(next) => {
                    setTeam(next);
                    open(null);
                  }}
                  options={shown?.teams.map((row) => ({ value: row.id, label: row.name }))}
                />
              )}
              <Input.Search
                aria-label={t('goodsFilesSearch')}
                className="files-search"
                allowClear
                placeholder={t('goodsFilesSearch')}
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  if (!event.target.value) setKeyword('');
                }}
                onSearch={(value) => setKeyword(value.trim())}
              />
              <Select<FileKind | ''>
                aria-label={t('goodsFilesType')}
                className="files-kind"
                value={kind ?? ''}
                onChange={(next) => setKind(next || undefined)}
                options={[{ value: '', label: t('goodsFilesKindAll') }, ...FILE_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))]}
              />
              <Select<FileSort>
                aria-label={t('goodsFilesSortName')}
                className="files-sort"
                value={sort}
                onChange={setSort}
                options={[
                  { value: 'name', label: t('goodsFilesSortName') },
                  { value: 'size', label: t('goodsFilesSortSize') },
                  { value: 'updated_at', label: t('goodsFilesSortTime') },
                ]}
              />
              <Tooltip title={order === 'asc' ? t('goodsFilesAsc') : t('goodsFilesDesc')}>
                <Button
                  aria-label={order === 'asc' ? t('goodsFilesAsc') : t('goodsFilesDesc')}
                  icon={order === 'asc' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
                  onClick={() => setOrder(order === 'asc' ? 'desc' : 'asc')}
                />
              </Tooltip>
              <Segmented<'list' | 'grid'>
                aria-label={t('goodsFilesView')}
                value={view}
                onChange={setView}
                options={[
                  { value: 'list', icon: <BarsOutlined />, title: t('goodsFilesViewList') },
                  { value: 'grid', icon: <AppstoreOutlined />, title: t('goodsFilesViewGrid') },
                ]}
              />
            </Flex>
          </Flex>
          {searching && shown && <Typography.Text type="secondary">{t('goodsFilesSearchResult', { keyword, count: shown.files.length })}</Typography.Text>}
        </Flex>
      </Card>

      {listing.error && !shown ? (
        <Result status="warning" title={messageOf(listing.error, t('loadFailed'))} extra={<Button onClick={refresh}>{t('retry')}</Button>} />
      ) : (
        <Card size="small" className="files-content">
          {view === 'list' ? (
            <EntryTable entries={entries} searching={searching} allTeams={writeTeam === null} loading={listing.isLoading || listing.isValidating} empty={empty} writes={writes} onAction={act} />
          ) : (
            <EntryGrid entries={entries} searching={searching} allTeams={writeTeam === null} loading={listing.isLoading} empty={empty} writes={writes} onAction={act} />
          )}
        </Card>
      )}

      {dialog?.kind === 'upload' && writeTeam !== null && (
        <UploadDialog
          query={{ team_id: String(writeTeam), ...(folder ? { folder_id: String(folder) } : {}) }}
          folderName={folderName}
          onUploaded={refresh}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'newFolder' && writeTeam !== null && (
        <NameDialog
          title={t('goodsFilesNewFolder')}
          initial=""
          onSubmit={(name) => data.files.createFolder({ team_id: writeTeam, parent_id: folder, name }).then(done(t('goodsFilesCreated')))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('goodsFilesRename')}
          initial={dialog.entry.row.name}
          onSubmit={(name) =>
            (dialog.entry.type === 'folder' ? data.files.changeFolder(dialog.entry.row.id, { name }) : data.files.changeFile(dialog.entry.row.id, { name })).then(done(t('goodsFilesRenamed')))
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          name={dialog.entry.row.name}
          team={dialog.entry.row.team_id}
          current={dialog.entry.type === 'folder' ? dialog.entry.row.parent_id : dialog.entry.row.folder_id}
          folder={dialog.entry.type === 'folder' ? dialog.entry.row.id : undefined}
          onMove={(target) =>
            (dialog.entry.type === 'folder' ? data.files.changeFolder(dialog.entry.row.id, { parent_id: target }) : data.files.changeFile(dialog.entry.row.id, { folder_id: target })).then(
              done(t('goodsFilesMoved')),
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'preview' && <FilePreview file={dialog.file} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
