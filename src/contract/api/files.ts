/**
 * 文件管理 (商品 › 文件管理, /goods/explorer): a team's files in folders.
 *
 *   GET    /api/files                     a folder's contents (or a search), its path and the team's usage
 *   GET    /api/files/folders             every folder of a team (the move dialog's picker)
 *   POST   /api/files/folders             a new folder
 *   PUT    /api/files/folders/:id         rename or move a folder
 *   DELETE /api/files/folders/:id         a folder with everything in it
 *   POST   /api/files/upload              one file (multipart field `file`) into a folder
 *   PUT    /api/files/:id                 rename or move a file
 *   DELETE /api/files/:id
 *   GET    /api/files/:id/download        the file itself
 *
 * Files belong to a team: its members see and change them, other teams never find them (404); an
 * administrator sees every team's and names the team a new folder or upload at the top goes to.
 * A folder id of null is the team's top level.
 */
import { Type, type Static } from '../schema';

export const FILES_MAX_MB = 20;
export const FILES_MAX_BYTES = FILES_MAX_MB * 1024 * 1024;
export const FILE_NAME_MAX = 100;
/** The multipart field that carries the file. */
export const FILES_FIELD = 'file';

/** What the type filter offers, by extension; anything else is `other`. */
export const FILE_KINDS = ['image', 'doc', 'sheet', 'archive', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const KIND_EXTENSIONS: Record<Exclude<FileKind, 'other'>, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'],
  doc: ['pdf', 'doc', 'docx', 'txt', 'md', 'ppt', 'pptx', 'rtf'],
  sheet: ['xls', 'xlsx', 'csv'],
  archive: ['zip', 'rar', '7z', 'gz', 'tar'],
};

/** The lower-case extension of a file name, '' without one. */
export const extensionOf = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();

/** The kind a file name's extension says. */
export function fileKindOf(name: string): FileKind {
  const ext = extensionOf(name);
  for (const [kind, extensions] of Object.entries(KIND_EXTENSIONS)) if (extensions.includes(ext)) return kind as FileKind;
  return 'other';
}

export type NameProblem = { problem: 'filesNameEmpty' } | { problem: 'filesNameSlash' } | { problem: 'filesNameInvalid' } | { problem: 'filesNameTooLong'; max: number };

/**
 * A folder's or a file's name as kept: trimmed, never empty, without a path separator (the name
 * is one step of a path the user sees) or a control character, not `.` or `..`, at most
 * FILE_NAME_MAX characters.
 */
/** The same check runs in the name dialog, so the user hears at once; the server's answer is the same. */
export function checkName(raw: string): { name: string } | NameProblem {
  const name = raw.normalize('NFC').trim();
  if (name === '') return { problem: 'filesNameEmpty' };
  if (/[/\\]/.test(name)) return { problem: 'filesNameSlash' };
  // eslint-disable-next-line no-control-regex
  if (name === '.' || name === '..' || /[\u0000-\u001f\u007f]/.test(name)) return { problem: 'filesNameInvalid' };
  if ([...name].length > FILE_NAME_MAX) return { problem: 'filesNameTooLong', max: FILE_NAME_MAX };
  return { name };
}

/** Files whose text the preview shows as it is. */
export const TEXT_EXTENSIONS: readonly string[] = ['txt', 'csv', 'md', 'log', 'json'];

export const FILE_SORTS = ['name', 'size', 'updated_at'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

const Id = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });
export const FilesIdParam = Type.Object({ id: Id }, { additionalProperties: false });
export type FilesIdParam = Static<typeof FilesIdParam>;

export const FilesListQuery = Type.Object(
  {
    /** Administrators: one team's files (required to go below the top, where every team's show). */
    team_id: Type.Optional(Id),
    /** The folder shown; its top level when left out. */
    folder_id: Type.Optional(Id),
    /** Files whose name holds it, anywhere in the team (folders are not listed then). */
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    kind: Type.Optional(Type.Union(FILE_KINDS.map((kind) => Type.Literal(kind)))),
    sort: Type.Optional(Type.Union(FILE_SORTS.map((sort) => Type.Literal(sort)))),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  },
  { additionalProperties: false },
);
export type FilesListQuery = Static<typeof FilesListQuery>;

export const FilesTeamQuery = Type.Object({ team_id: Type.Optional(Id) }, { additionalProperties: false });
export type FilesTeamQuery = Static<typeof FilesTeamQuery>;

export const UploadFileQuery = Type.Object({ team_id: Type.Optional(Id), folder_id: Type.Optional(Id) }, { additionalProperties: false });
export type UploadFileQuery = Static<typeof UploadFileQuery>;

const Name = Type.String({ maxLength: 200 });
const MaybeId = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]);

export const NewFolderBody = Type.Object(
  {
    /** Administrators, for a folder at the top: whose. */
    team_id: Type.Optional(Type.Integer({ minimum: 1 })),
    parent_id: MaybeId,
    name: Name,
  },
  { additionalProperties: false },
);
export type NewFolderBody = Static<typeof NewFolderBody>;

/** A rename (name), a move (parent_id / folder_id; null is the top), or both. */
export const ChangeFolderBody = Type.Object({ name: Type.Optional(Name), parent_id: Type.Optional(MaybeId) }, { additionalProperties: false });
export type ChangeFolderBody = Static<typeof ChangeFolderBody>;
export const ChangeFileBody = Type.Object({ name: Type.Optional(Name), folder_id: Type.Optional(MaybeId) }, { additionalProperties: false });
export type ChangeFileBody = Static<typeof ChangeFileBody>;

const Person = Type.Union([Type.String(), Type.Null()]);

export const FolderRow = Type.Object({
  id: Type.Integer(),
  team_id: Type.Integer(),
  team_name: Type.String(),
  parent_id: MaybeId,
  name: Type.String(),
  /** Files in it and in every folder below it. */
  file_count: Type.Integer(),
  created_by: Person,
  updated_at: Type.Integer(),
});
export type FolderRow = Static<typeof FolderRow>;

export const FileRow = Type.Object({
  id: Type.Integer(),
  team_id: Type.Integer(),
  team_name: Type.String(),
  folder_id: MaybeId,
  /** The folder's name ('' at the top): a search lists files from anywhere. */
  folder_name: Type.String(),
  name: Type.String(),
  kind: Type.Union(FILE_KINDS.map((kind) => Type.Literal(kind))),
  size: Type.Integer(),
  content_type: Type.String(),
  uploaded_by: Person,
  updated_at: Type.Integer(),
});
export type FileRow = Static<typeof FileRow>;

const Crumb = Type.Object({ id: Type.Integer(), name: Type.String() });

export const FilesListing = Type.Object({
  /** The team shown, null for every team (an administrator at the top). */
  team_id: MaybeId,
  folder_id: MaybeId,
  /** The folders from the top down to the one shown, itself included. */
  path: Type.Array(Crumb),
  folders: Type.Array(FolderRow),
  files: Type.Array(FileRow),
  /** The team's (or every team's) files: how many, and their bytes. */
  usage: Type.Object({ files: Type.Integer(), bytes: Type.Integer() }),
  /** Administrators: the teams to choose from; empty for everyone else. */
  teams: Type.Array(Crumb),
});
export type FilesListing = Static<typeof FilesListing>;

export const FolderChoices = Type.Object({ rows: Type.Array(Type.Object({ id: Type.Integer(), parent_id: MaybeId, name: Type.String() })) });
export type FolderChoices = Static<typeof FolderChoices>;

export const DeletedFolder = Type.Object({ folders: Type.Integer(), files: Type.Integer() });
export type DeletedFolder = Static<typeof DeletedFolder>;

/** Who may read a team's files, and who may upload, rename, move and delete them. */
export const FILES_READ = 'files:read';
export const FILES_WRITE = 'files:write';
