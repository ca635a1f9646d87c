/** The menu editor's and the role grant editor's API (bespoke widgets of the screen designer). */
import { Type, type Static } from '../schema';

export interface MenuNode {
  id: number;
  parent_id: number | null;
  path: string;
  name: string;
  icon: string;
  hidden: boolean;
  vue_path: string;
  title: { zh: string; en: string };
  permission: string;
  sort: number;
  children: MenuNode[];
}

export const MenuMoveBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    /** The new parent; null for the top level. */
    parent_id: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** Position among the new parent's children, from 0. */
    index: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type MenuMoveBody = Static<typeof MenuMoveBody>;

export const RoleIdBody = Type.Object({ role_id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type RoleIdBody = Static<typeof RoleIdBody>;

export const RoleGrants = Type.Object(
  {
    role_id: Type.Integer({ minimum: 1 }),
    menu_ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 2000 }),
    /** Permission codes beside the menu items' own (which follow from menu_ids). */
    permissions: Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 2000 }),
  },
  { additionalProperties: false },
);
export type RoleGrants = Static<typeof RoleGrants>;

/** A permission code an admin can grant, with what it allows. */
export interface PermissionCode {
  code: string;
  title: { zh: string; en: string };
}
