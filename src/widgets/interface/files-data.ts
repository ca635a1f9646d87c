/**
 * 文件管理's calls, as the data provider offers them to widgets. The engine implements them
 * (src/engine/data-provider.ts), the one place that knows their URLs.
 */
import type {
  ChangeFileBody,
  ChangeFolderBody,
  DeletedFolder,
  FileRow,
  FilesListing,
  FilesListQuery,
  FilesTeamQuery,
  FolderChoices,
  FolderRow,
  NewFolderBody,
  UploadFileQuery,
} from '../../contract/api/files';

export interface FileUpload {
  file: File;
  query: UploadFileQuery;
  /** Bytes sent, bytes in all, as the file goes out. */
  onUploadProgress?(loaded: number, total: number): void;
}

export interface FilesData {
  list(query: FilesListQuery): Promise<FilesListing>;
  folders(query: FilesTeamQuery): Promise<FolderChoices>;
  createFolder(body: NewFolderBody): Promise<FolderRow>;
  changeFolder(id: number, body: ChangeFolderBody): Promise<FolderRow>;
  deleteFolder(id: number): Promise<DeletedFolder>;
  /** Silent: the upload list shows each file's refusal beside it. */
  upload(params: FileUpload): Promise<FileRow>;
  changeFile(id: number, body: ChangeFileBody): Promise<FileRow>;
  deleteFile(id: number): Promise<void>;
  /** A file's bytes, for a preview. */
  content(id: number): Promise<Blob>;
  /** Saves a file under its name. */
  download(id: number, name: string): Promise<void>;
}
