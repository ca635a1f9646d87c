/**
 * Where 文件管理 keeps the bytes: <DATA_DIR>/team-files/<team id>/<random key>, beside the uploads
 * folder but not under it, since /uploads/ is served to anyone with the link and a team's files are
 * only ever served through the download route, which checks the team first. A row names its bytes
 * by key alone: the path is built here from a team id and a key of the shape this module makes, so
 * no stored or sent value can point outside the team's folder.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

const KEY = /^[0-9a-f]{32}$/;
/** Uploads being received; never a team's id, which are digits. */
const INCOMING = 'incoming';

export interface FileStorage {
  /** A fresh key and the path its bytes go to (the team's folder is made). */
  place(team: number): Promise<{ key: string; path: string }>;
  /**
   * A fresh key and a path outside every team's folder for an upload on its way in: the body is
   * read whole before the route decides where it belongs (an unread body would stall the socket).
   */
  incoming(): Promise<{ key: string; path: string }>;
  /** Moves an upload in, under its key, into the team's folder. */
  keep(team: number, incoming: { key: string; path: string }): Promise<void>;
  pathOf(team: number, key: string): string;
  remove(team: number, keys: readonly string[]): Promise<void>;
}

export function teamFilesRoot(dataDir: string): string {
  return path.join(dataDir, 'team-files');
}

export function fileStorage(dataDir: string): FileStorage {
  const root = teamFilesRoot(dataDir);
  const pathOf = (team: number, key: string) => {
    if (!Number.isSafeInteger(team) || team < 1 || !KEY.test(key)) throw new Error(`Not a stored file: team ${team}, key ${key}`);
    return path.join(root, String(team), key);
  };
  return {
    async place(team) {
      const key = randomBytes(16).toString('hex');
      const target = pathOf(team, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      return { key, path: target };
    },
    async incoming() {
      const key = randomBytes(16).toString('hex');
      const folder = path.join(root, INCOMING);
      await fs.mkdir(folder, { recursive: true });
      return { key, path: path.join(folder, key) };
    },
    async keep(team, incoming) {
      const target = pathOf(team, incoming.key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(incoming.path, target);
    },
    pathOf,
    async remove(team, keys) {
      // A file already gone is what removing wanted.
      await Promise.all(keys.map((key) => fs.rm(pathOf(team, key), { force: true })));
    },
  };
}
