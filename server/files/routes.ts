/**
 * 文件管理's routes (src/contract/api/files.ts): thin, over the SQL of store.ts, the rules of
 * rules.ts and the bytes of storage.ts. Every folder and file is looked up within the caller's team
 * (an administrator's: any team's), so another team's id answers 404 like a missing one.
 */
import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import {
  ChangeFileBody,
  ChangeFolderBody,
  checkName,
  DeletedFolder,
  extensionOf,
  FileRow,
  FILES_FIELD,
  FILES_MAX_BYTES,
  FILES_MAX_MB,
  FILES_READ,
  FILES_WRITE,
  FilesIdParam,
  FilesListing,
  FilesListQuery,
  FilesTeamQuery,
  fileKindOf,
  FolderChoices,
  FolderRow,
  NewFolderBody,
  UploadFileQuery,
} from '../../src/contract/api/files';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/open';
import { isUniqueViolation } from '../db/errors';
import { askedTeam, teamChoices, teamScope } from '../auth/team-scope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { imageExtension, IMAGE_EXTENSIONS } from '../http/image-type';
import { receiveFileToDisk } from '../http/multipart';
import { routeSchema, type App } from '../http/route';
import { attachmentOf, contentTypeOf, nestedCounts, pathTo, sortRows, subtreeOf } from './rules';
import { fileStorage } from './storage';
import * as store from './store';

const TAGS = ['files'];
const READ = { access: { permission: FILES_READ } };
const WRITE = { access: { permission: FILES_WRITE } };
/** Enough of a file's start to tell an image by its content. */
const HEAD_BYTES = 64;

const folderNotFound = () => new ApiError(Code.notFound, 'filesFolderNotFound');
const fileNotFound = () => new ApiError(Code.notFound, 'filesFileNotFound');

/** The name as kept, or the refusal that says what is wrong with it. */
function nameOf(raw: string): string {
  const checked = checkName(raw);
  if ('problem' in checked) {
    const { problem, ...params } = checked;
    throw new ApiError(Code.badRequest, problem, params);
  }
  return checked.name;
}

function headOf(path: string): Buffer {
  const fd = fs.openSync(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    return head.subarray(0, fs.readSync(fd, head, 0, HEAD_BYTES, 0));
  } finally {
    fs.closeSync(fd);
  }
}

export async function filesRoutes(app: App, { database, config }: { database: DatabaseHandle; config: Config }) {
  // Registered here, not on the whole server, so only this area's upload takes bodies this large.
  await app.register(multipart, { limits: { fileSize: FILES_MAX_BYTES, files: 1 } });
  const { db, dialect } = database;
  const storage = fileStorage(config.dataDir);

  /**
   * The team a request works in: the caller's own; an administrator's choice (null: every team).
   * Another team named by a member answers 404, as its files would.
   */
  const teamNotFound = () => new ApiError(Code.notFound, 'filesTeamNotFound');
  const scopeOf = async (request: FastifyRequest, asked: string | number | undefined) =>
    askedTeam(db, await teamScope(request), asked, { foreign: teamNotFound, unknown: teamNotFound });

  /** A folder of the scope, or 404. */
  async function folderIn(team: number | null, id: number) {
    const folder = await store.findFolder(db, team, id);
    if (!folder) throw folderNotFound();
    return folder;
  }

  async function folderRow(team: number, id: number): Promise<FolderRow> {
    const folders = await store.folderRows(db, team);
    const counts = nestedCounts(folders, await store.directCounts(db, team));
    const row = folders.find((folder) => folder.id === id)!;
    return { ...row, parent_id: store.shown(row.parent_id), file_count: counts.get(id) ?? 0 };
  }

  async function fileRow(team: number, folder: number, id: number): Promise<FileRow> {
    return (await store.fileRows(db, dialect, { team, folder })).find((file) => file.id === id)!;
  }

  /** A write the unique index refused after the check passed (two at once): the same answer as the check's. */
  async function unique<T>(write: () => Promise<T>, taken: () => ApiError): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  app.get(
    '/api/files',
    {
      config: READ,
      schema: routeSchema({
        summary: "A folder's folders and files (or the team's files a keyword finds), its path, and the team's usage",
        tags: TAGS,
        querystring: FilesListQuery,
        data: FilesListing,
        auth: true,
      }),
    },
    async (request) => {
      const query = request.query;
      const team = await scopeOf(request, query.team_id);
      const folder = query.folder_id === undefined ? null : await folderIn(team, Number(query.folder_id));
      // A folder says whose it is: an administrator who opened one sees that team's.
      const shownTeam = folder?.team_id ?? team;
      const parent = folder?.id ?? store.TOP;
      const keyword = query.keyword?.trim() ?? '';
      const [folders, direct, files, usage, teams] = await Promise.all([
        store.folderRows(db, shownTeam),
        store.directCounts(db, shownTeam),
        store.fileRows(db, dialect, { team: shownTeam, folder: parent, keyword, kind: query.kind }),
        store.usageOf(db, shownTeam),
        team === null && (await teamScope(request)) === null ? teamChoices(db) : Promise.resolve([]),
      ]);
      const counts = nestedCounts(folders, direct);
      const sort = query.sort ?? 'name';
      const order = query.order ?? 'asc';
      const children = keyword ? [] : folders.filter((row) => row.parent_id === parent).map((row) => ({ ...row, parent_id: store.shown(row.parent_id), file_count: counts.get(row.id) ?? 0 }));
      return ok({
        team_id: shownTeam,
        folder_id: folder?.id ?? null,
        path: folder ? pathTo(folders, folder.id).map(({ id, name }) => ({ id, name })) : [],
        folders: sortRows(children, sort, order, (row) => row.file_count),
        files: sortRows(files, sort, order, (row) => row.size),
        usage,
        teams: teams.map((row) => ({ id: Number(row.id), name: row.name })),
      });
    },
  );

  app.get(
    '/api/files/folders',
    {
      config: READ,
      schema: routeSchema({ summary: "Every folder of the caller's team (an administrator's: of the team named), for the move dialog", tags: TAGS, querystring: FilesTeamQuery, data: FolderChoices, auth: true }),
    },
    async (request) => {
      const team = await scopeOf(request, request.query.team_id);
      if (team === null) throw new ApiError(Code.badRequest, 'filesTeamRequired');
      const rows = await store.folderRows(db, team);
      return ok({ rows: sortRows(rows, 'name', 'asc', () => 0).map(({ id, parent_id, name }) => ({ id, parent_id: store.shown(parent_id), name })) });
    },
  );

  app.post(
    '/api/files/folders',
    { config: WRITE, schema: routeSchema({ summary: 'Make a folder', tags: TAGS, body: NewFolderBody, data: FolderRow, auth: true }) },
    async (request) => {
      const body = request.body;
      const team = await scopeOf(request, body.team_id);
      const parent = body.parent_id === null ? null : await folderIn(team, body.parent_id);
      const owner = parent?.team_id ?? team;
      if (owner === null) throw new ApiError(Code.badRequest, 'filesTeamRequired');
      const name = nameOf(body.name);
      const parentId = parent?.id ?? store.TOP;
      const taken = () => new ApiError(Code.conflict, 'filesFolderTaken', { name });
      if (await store.nameTaken(db, 'folder', owner, parentId, name)) throw taken();
      const id = await unique(() => store.insertFolder(db, { team_id: owner, parent_id: parentId, name, created_by: request.caller!.userId }, Date.now()), taken);
      return ok(await folderRow(owner, id));
    },
  );

  app.put(
    '/api/files/folders/:id',
    { config: WRITE, schema: routeSchema({ summary: 'Rename a folder, move it (parent_id; null is the top), or both', tags: TAGS, params: FilesIdParam, body: ChangeFolderBody, data: FolderRow, auth: true }) },
    async (request) => {
      const folder = await folderIn(await teamScope(request), Number(request.params.id));
      const body = request.body;
      const name = body.name === undefined ? folder.name : nameOf(body.name);
      const parent = body.parent_id === undefined ? folder.parent_id : store.stored(body.parent_id);
      if (parent !== store.TOP) {
        await folderIn(folder.team_id, parent);
        if (subtreeOf(await store.folderRows(db, folder.team_id), folder.id).has(parent)) throw new ApiError(Code.badRequest, 'filesMoveIntoSelf');
      }
      const taken = () => new ApiError(Code.conflict, 'filesFolderTaken', { name });
      if (await store.nameTaken(db, 'folder', folder.team_id, parent, name, folder.id)) throw taken();
      await unique(() => store.changeFolder(db, folder.id, { name, parent_id: parent }, Date.now()), taken);
      return ok(await folderRow(folder.team_id, folder.id));
    },
  );

  app.delete(
    '/api/files/folders/:id',
    { config: WRITE, schema: routeSchema({ summary: 'Delete a folder with every folder and file in it', tags: TAGS, params: FilesIdParam, data: DeletedFolder, auth: true }) },
    async (request) => {
      const folder = await folderIn(await teamScope(request), Number(request.params.id));
      const ids = [...subtreeOf(await store.folderRows(db, folder.team_id), folder.id)];
      const keys = await store.deleteFolders(db, folder.team_id, ids);
      await storage.remove(folder.team_id, keys);
      return ok({ folders: ids.length, files: keys.length });
    },
  );

  app.post(
    '/api/files/upload',
    {
      config: WRITE,
      schema: {
        ...routeSchema({ summary: 'Upload a file into a folder', tags: TAGS, querystring: UploadFileQuery, data: FileRow, auth: true }),
        description: `multipart/form-data with one file field \`${FILES_FIELD}\` of at most ${FILES_MAX_MB} MiB. A name already in the folder is refused (409).`,
      },
    },
    async (request) => {
      const incoming = await storage.incoming();
      const part = await receiveFileToDisk(
        request,
        {
          field: FILES_FIELD,
          missing: () => new ApiError(Code.badRequest, 'uploadMissing'),
          tooLarge: () => new ApiError(Code.payloadTooLarge, 'filesTooLarge', { mb: FILES_MAX_MB }),
        },
        incoming.path,
      );
      try {
        const team = await scopeOf(request, request.query.team_id);
        const folder = request.query.folder_id === undefined ? null : await folderIn(team, Number(request.query.folder_id));
        const owner = folder?.team_id ?? team;
        if (owner === null) throw new ApiError(Code.badRequest, 'filesTeamRequired');
        const folderId = folder?.id ?? store.TOP;
        // Browsers send a bare name; some tools a path: its last step is the name. A part without
        // one (a form field, not a file) has none, whatever its type says.
        const sent = (part.filename as string | undefined) ?? '';
        const name = nameOf(sent.split(/[/\\]/).pop() ?? '');
        // A file named as an image is previewed as one: it must be one.
        const ext = extensionOf(name);
        if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext === 'jpeg' ? 'jpg' : ext) && !imageExtension(headOf(incoming.path))) {
          throw new ApiError(Code.badRequest, 'uploadNotImage');
        }
        const taken = () => new ApiError(Code.conflict, 'filesFileTaken', { name });
        if (await store.nameTaken(db, 'file', owner, folderId, name)) throw taken();
        const values = { team_id: owner, folder_id: folderId, name, kind: fileKindOf(name), content_type: contentTypeOf(name), size: part.size, storage_key: incoming.key, uploaded_by: request.caller!.userId };
        await storage.keep(owner, incoming);
        try {
          const id = await unique(() => store.insertFile(db, values, Date.now()), taken);
          return ok(await fileRow(owner, folderId, id));
        } catch (error) {
          await storage.remove(owner, [incoming.key]);
          throw error;
        }
      } finally {
        // Kept, it has moved; refused, it goes.
        await fs.promises.rm(incoming.path, { force: true });
      }
    },
  );

  app.put(
    '/api/files/:id',
    { config: WRITE, schema: routeSchema({ summary: 'Rename a file, move it (folder_id; null is the top), or both', tags: TAGS, params: FilesIdParam, body: ChangeFileBody, data: FileRow, auth: true }) },
    async (request) => {
      const file = await store.findFile(db, await teamScope(request), Number(request.params.id));
      if (!file) throw fileNotFound();
      const body = request.body;
      const name = body.name === undefined ? file.name : nameOf(body.name);
      const folder = body.folder_id === undefined ? file.folder_id : store.stored(body.folder_id);
      if (folder !== store.TOP) await folderIn(file.team_id, folder);
      const taken = () => new ApiError(Code.conflict, 'filesFileTaken', { name });
      if (await store.nameTaken(db, 'file', file.team_id, folder, name, file.id)) throw taken();
      await unique(() => store.changeFile(db, file.id, { name, folder_id: folder, kind: fileKindOf(name), content_type: contentTypeOf(name) }, Date.now()), taken);
      return ok(await fileRow(file.team_id, folder, file.id));
    },
  );

  app.delete(
    '/api/files/:id',
    { config: WRITE, schema: routeSchema({ summary: 'Delete a file', tags: TAGS, params: FilesIdParam, data: Type.Null(), auth: true }) },
    async (request) => {
      const file = await store.findFile(db, await teamScope(request), Number(request.params.id));
      if (!file) throw fileNotFound();
      await store.deleteFile(db, file.id);
      await storage.remove(file.team_id, [file.storage_key]);
      return ok(null);
    },
  );

  app.get(
    '/api/files/:id/download',
    {
      config: READ,
      schema: {
        ...routeSchema({ summary: 'Download a file', tags: TAGS, params: FilesIdParam, data: Type.Null(), auth: true }),
        description: 'Answers the file itself, as an attachment named in UTF-8; errors in the envelope.',
      },
    },
    async (request, reply) => {
      const file = await store.findFile(db, await teamScope(request), Number(request.params.id));
      if (!file) throw fileNotFound();
      const path = storage.pathOf(file.team_id, file.storage_key);
      const stat = await fs.promises.stat(path).catch(() => null);
      if (!stat?.isFile()) throw fileNotFound();
      return reply
        .type(file.content_type)
        .header('content-length', stat.size)
        .header('content-disposition', attachmentOf(file.name))
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(path));
    },
  );
}
