/** The screen store's API: resolving a vue_path, and the designer's drafts, versions and menu binding. */
import { Type, type Static } from '../schema';
import { Localized } from '../resource';
import { SCREEN_ID_PATTERN, type Screen, type ScreenProblem, type ScreenSource } from '../screen';

export const SCREEN_DESIGN_PERMISSION = 'screen:design';

const ScreenId = Type.String({ pattern: SCREEN_ID_PATTERN, maxLength: 200 });
export const ScreenIdBody = Type.Object({ id: ScreenId }, { additionalProperties: false });
export type ScreenIdBody = Static<typeof ScreenIdBody>;

/** A draft as the editor holds it: any JSON, checked by the server before it is stored. */
export const ScreenSaveBody = Type.Object({ screen: Type.Unknown() }, { additionalProperties: false });
export const ScreenVersionBody = Type.Object({ id: ScreenId, version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type ScreenVersionBody = Static<typeof ScreenVersionBody>;

export interface ScreenSummary {
  id: string;
  title: Localized;
  kind: Screen['kind'];
  resource: string | null;
  /** Where the console takes it from now; null when only a draft exists. */
  source: ScreenSource | null;
  published_version: number | null;
  has_draft: boolean;
  /** The menu items that open it. */
  menus: string[];
  updated_at: number | null;
}

export interface ScreenDetail {
  id: string;
  draft: Screen | null;
  published: Screen | null;
  bundled: Screen | null;
}

export interface ScreenVersion {
  version: number;
  screen: Screen;
  published_by: string;
  published_at: number;
  /** The version this one restored, when it was a rollback. */
  restored_from: number | null;
}

/** A refused screen: code 400 with the problems in `data`. */
export interface ScreenRefusal {
  problems: ScreenProblem[];
}

export const MenuBindBody = Type.Object(
  {
    /** The screen's id, which becomes the menu item's vue_path and path. */
    id: ScreenId,
    /** The menu item it hangs under; null for the top level. */
    parent_id: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** Route name: unique, letters and digits. */
    name: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{1,63}$' }),
    title: Localized,
    icon: Type.Optional(Type.String({ maxLength: 64 })),
    /** Roles that may open it; they get the menu item and its permission. */
    role_ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type MenuBindBody = Static<typeof MenuBindBody>;
export interface MenuBinding {
  menu_id: number;
  path: string;
  permission: string;
}
