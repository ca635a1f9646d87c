/**
 * The two ways 文件管理 draws a folder's contents: a table (name with its icon, size, type,
 * uploader, time modified; on a phone each row is the name over a line of size, type and time) and
 * a grid of thumbnails. Both open a folder or a file on its name and offer the same actions.
 */
import dayjs from 'dayjs';
import { Button, Dropdown, Table, Typography, type MenuProps, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, DragOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { useWidgetHost } from '../interface/host';
import { usePhone } from '../interface/phone';
import { FileIcon } from './FileIcon';
import { formatBytes, KIND_LABELS, previewOf, type Entry } from './file-view';
import { useFileUrl } from './use-file-url';

export type EntryAction = 'open' | 'download' | 'rename' | 'move' | 'delete';

export interface EntryViewProps {
  entries: Entry[];
  /** A search lists files from anywhere: their folder is shown. */
  searching: boolean;
  /** Every team's files at once (an administrator): their team is shown. */
  allTeams: boolean;
  loading: boolean;
  empty: string;
  /** The user may change files: rename, move and delete are offered. */
  writes: boolean;
  onAction(action: EntryAction, entry: Entry): void;
}

const timeOf = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

function EntryMenu({ entry, writes, onAction }: { entry: Entry; writes: boolean; onAction: EntryViewProps['onAction'] }) {
  const { t } = useWidgetHost();
  const file = entry.type === 'file';
  const items: MenuProps['items'] = [
    ...(file && previewOf(entry.row.name) ? [{ key: 'open', icon: <EyeOutlined />, label: t('goodsFilesPreview') }] : []),
    ...(file ? [{ key: 'download', icon: <DownloadOutlined />, label: t('goodsFilesDownload') }] : []),
    ...(writes
      ? [
          { key: 'rename', icon: <EditOutlined />, label: t('goodsFilesRename') },
          { key: 'move', icon: <DragOutlined />, label: t('goodsFilesMove') },
          { type: 'divider' as const },
          { key: 'delete', icon: <DeleteOutlined />, label: t('goodsFilesDelete'), danger: true },
        ]
      : []),
  ];
  // A folder offers a reader nothing beyond opening it, which its name does.
  if (items.length === 0) return null;
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), onAction(key as EntryAction, entry)) }}>
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`${t('goodsFilesMore')} ${entry.row.name}`} onClick={(event) => event.stopPropagation()} />
    </Dropdown>
  );
}

function useKindLabel() {
  const { t } = useWidgetHost();
  return (entry: Entry) => (entry.type === 'folder' ? t('goodsFilesKindFolder') : t(KIND_LABELS[entry.row.kind]));
}

export function EntryTable({ entries, searching, allTeams, loading, empty, writes, onAction }: EntryViewProps) {
  const { t } = useWidgetHost();
  const kindLabel = useKindLabel();
  const phone = usePhone();
  const sizeOf = (entry: Entry) => (entry.type === 'file' ? formatBytes(entry.row.size) : t('goodsFilesFolderFiles', { count: entry.row.file_count }));
  const locationOf = (entry: Entry) => (entry.type === 'file' ? entry.row.folder_name || t('goodsFilesTop') : '');
  // A phone has room for the name and the menu only: the rest goes on a line under the name.
  const metaOf = (entry: Entry) =>
    [sizeOf(entry), kindLabel(entry), timeOf(entry.row.updated_at), ...(searching && entry.type === 'file' ? [locationOf(entry)] : []), ...(allTeams ? [entry.row.team_name] : [])].join(' · ');
  const name: TableColumnsType<Entry>[number] = {
    key: 'name',
    title: t('goodsFilesName'),
    render: (_, entry) => (
      <span className="files-name-cell">
        <FileIcon name={entry.row.name} folder={entry.type === 'folder'} />
        <span className="files-name-text">
          <Typography.Link className="files-name" onClick={() => onAction('open', entry)}>
            {entry.row.name}
          </Typography.Link>
          {phone && (
            <Typography.Text type="secondary" className="files-name-meta">
              {metaOf(entry)}
            </Typography.Text>
          )}
        </span>
      </span>
    ),
  };
  const actions: TableColumnsType<Entry>[number] = {
    key: 'actions',
    title: t('goodsFilesActions'),
    width: phone ? 48 : 64,
    align: 'center',
    render: (_, entry) => <EntryMenu entry={entry} writes={writes} onAction={onAction} />,
  };
  const columns: TableColumnsType<Entry> = phone
    ? [name, actions]
    : [
        name,
        ...(searching ? [{ key: 'location', title: t('goodsFilesLocation'), responsive: ['md' as const], render: (_: unknown, entry: Entry) => locationOf(entry) }] : []),
        ...(allTeams ? [{ key: 'team', title: t('goodsFilesTeam'), responsive: ['lg' as const], render: (_: unknown, entry: Entry) => entry.row.team_name }] : []),
        { key: 'size', title: t('goodsFilesSize'), width: 110, render: (_, entry) => sizeOf(entry) },
        { key: 'type', title: t('goodsFilesType'), width: 90, responsive: ['md'], render: (_, entry) => kindLabel(entry) },
        { key: 'uploader', title: t('goodsFilesUploader'), width: 110, responsive: ['lg'], render: (_, entry) => (entry.type === 'file' ? entry.row.uploaded_by : entry.row.created_by) ?? '—' },
        { key: 'modified', title: t('goodsFilesModified'), width: 150, render: (_, entry) => timeOf(entry.row.updated_at) },
        actions,
      ];
  return (
    <Table<Entry>
      className="files-table"
      size={phone ? 'small' : 'middle'}
      showHeader={!phone}
      rowKey="key"
      columns={columns}
      dataSource={entries}
      loading={loading}
      pagination={entries.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: empty }}
    />
  );
}

function Thumb({ entry }: { entry: Entry }) {
  const picture = entry.type === 'file' && entry.row.kind === 'image';
  const url = useFileUrl(picture ? entry.row.id : undefined, entry.row.updated_at);
  if (url) return <img className="files-thumb-image" src={url} alt={entry.row.name} />;
  return <FileIcon name={entry.row.name} folder={entry.type === 'folder'} className="files-thumb-icon" />;
}

export function EntryGrid({ entries, loading, empty, writes, onAction }: EntryViewProps) {
  const kindLabel = useKindLabel();
  if (!loading && entries.length === 0) return <Typography.Paragraph type="secondary" className="files-grid-empty">{empty}</Typography.Paragraph>;
  return (
    <ul className="files-grid">
      {entries.map((entry) => (
        <li key={entry.key} className="files-tile">
          <button type="button" className="files-tile-open" onClick={() => onAction('open', entry)} aria-label={entry.row.name}>
            <span className="files-thumb">
              <Thumb entry={entry} />
            </span>
          </button>
          <div className="files-tile-foot">
            <div className="files-tile-text">
              <Typography.Text ellipsis={{ tooltip: entry.row.name }} className="files-tile-name">
                {entry.row.name}
              </Typography.Text>
              <Typography.Text type="secondary" className="files-tile-meta">
                {entry.type === 'file' ? formatBytes(entry.row.size) : kindLabel(entry)}
              </Typography.Text>
            </div>
            <EntryMenu entry={entry} writes={writes} onAction={onAction} />
          </div>
        </li>
      ))}
    </ul>
  );
}
