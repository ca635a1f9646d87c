/**
 * Table types for the query builder. Times are epoch milliseconds (bigint in PostgreSQL, parsed to
 * number); flags are 0/1 integers so both dialects store them alike.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

export interface TeamTable {
  id: Id;
  name: string;
  /** 1 asks prices; 2 quotes (cloud team); 3 operation team. */
  type: number;
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  id: Id;
  team_id: number;
  department_id: number | null;
  username: string;
  password_hash: string;
  name: string;
  logo: string;
  mobile: string | null;
  email: string | null;
  /** 1 active, 0 disabled. */
  status: Flag;
  is_robot: Flag;
  created_at: number;
  updated_at: number;
}

export interface RoleTable {
  id: Id;
  code: string;
  name: string;
  role_type: string;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface MenuTable {
  id: Id;
  parent_id: number | null;
  path: string;
  name: string;
  icon: string;
  hidden: Flag;
  vue_path: string;
  title_zh: string;
  title_en: string;
  permission: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface RolePermissionTable {
  role_id: number;
  permission: string;
}

export interface DepartmentTable {
  id: Id;
  team_id: number;
  parent_id: number | null;
  name: string;
  leader: string;
  phone: string;
  sort: number;
  status: Flag;
  created_at: number;
  updated_at: number;
}

export interface DictionaryTable {
  id: Id;
  code: string;
  name: string;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface DictionaryItemTable {
  id: Id;
  dictionary_id: number;
  value: string;
  label_zh: string;
  label_en: string;
  sort: number;
  status: Flag;
}

export interface AuthSessionTable {
  id: Id;
  user_id: number;
  /** SHA-256 of the current refresh token; tokens themselves are never stored. */
  refresh_hash: string;
  /** The refresh token this one replaced, accepted again only within the grace window. */
  previous_refresh_hash: string | null;
  rotated_at: number | null;
  /** Absolute end of this login, whatever the rotations. */
  expires_at: number;
  last_seen_at: number;
  locked: Flag;
  ip: string;
  user_agent: string;
  created_at: number;
  revoked_at: number | null;
}

/** Access tokens of a login; several may be alive at once while tabs pick up a refreshed one. */
export interface AuthTokenTable {
  /** SHA-256 of the access token. */
  token_hash: string;
  session_id: number;
  expires_at: number;
}

export interface SystemLogTable {
  id: Id;
  user_id: number | null;
  username: string;
  action: string;
  target: string;
  ip: string;
  /** ok or fail. */
  result: string;
  detail: string;
  created_at: number;
}

export interface Database {
  teams: TeamTable;
  users: UserTable;
  roles: RoleTable;
  user_roles: UserRoleTable;
  menus: MenuTable;
  role_menus: RoleMenuTable;
  role_permissions: RolePermissionTable;
  departments: DepartmentTable;
  dictionaries: DictionaryTable;
  dictionary_items: DictionaryItemTable;
  auth_sessions: AuthSessionTable;
  auth_tokens: AuthTokenTable;
  system_logs: SystemLogTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Menu = Selectable<MenuTable>;
export type AuthSession = Selectable<AuthSessionTable>;
