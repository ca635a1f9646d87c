import type { ReactNode } from 'react';
import {
  CheckOutlined, CloseOutlined, CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, ExportOutlined, EyeOutlined,
  ImportOutlined, LinkOutlined, PlusOutlined, ReloadOutlined, SendOutlined, SyncOutlined, UploadOutlined,
} from '@ant-design/icons';

/**
 * The icons an action may name. Only these are bundled (the whole set costs megabytes); an unknown
 * name draws no icon, and the label still says what the button does.
 */
const ICONS: Record<string, ReactNode> = {
  CheckOutlined: <CheckOutlined />,
  CloseOutlined: <CloseOutlined />,
  CopyOutlined: <CopyOutlined />,
  DeleteOutlined: <DeleteOutlined />,
  DownloadOutlined: <DownloadOutlined />,
  EditOutlined: <EditOutlined />,
  ExportOutlined: <ExportOutlined />,
  EyeOutlined: <EyeOutlined />,
  ImportOutlined: <ImportOutlined />,
  LinkOutlined: <LinkOutlined />,
  PlusOutlined: <PlusOutlined />,
  ReloadOutlined: <ReloadOutlined />,
  SendOutlined: <SendOutlined />,
  SyncOutlined: <SyncOutlined />,
  UploadOutlined: <UploadOutlined />,
};

export const actionIcon = (name: string | undefined): ReactNode => (name ? ICONS[name] : undefined);
