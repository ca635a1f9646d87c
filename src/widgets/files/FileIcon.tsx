/** The icon of a folder or of a file by its kind (and, for documents, its extension). */
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
} from '@ant-design/icons';
import { extensionOf, fileKindOf } from '../../contract/api/files';

const DOCS: Record<string, typeof FileOutlined> = { pdf: FilePdfOutlined, doc: FileWordOutlined, docx: FileWordOutlined, ppt: FilePptOutlined, pptx: FilePptOutlined };
const KINDS = { image: FileImageOutlined, doc: FileTextOutlined, sheet: FileExcelOutlined, archive: FileZipOutlined, other: FileOutlined } as const;

export function FileIcon({ name, folder, className }: { name: string; folder?: boolean; className?: string }) {
  if (folder) return <FolderFilled className={`files-icon files-icon-folder ${className ?? ''}`} />;
  const kind = fileKindOf(name);
  const Icon = (kind === 'doc' && DOCS[extensionOf(name)]) || KINDS[kind];
  return <Icon className={`files-icon files-icon-${kind} ${className ?? ''}`} />;
}
