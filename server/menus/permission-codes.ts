import type { PermissionCode } from '../../src/contract/api/menus';
import { SCREEN_DESIGN_PERMISSION } from '../../src/contract/api/screens';
import { WILDCARD } from '../../src/contract/permissions';
import { FILES_READ, FILES_WRITE } from '../../src/contract/api/files';
import { POSTERS_READ, POSTERS_WRITE } from '../../src/contract/api/posters';
import type { ResourceAction, ResourceDefinition } from '../../src/contract/resource';

/** Permission code of a menu route: what a role must hold to open it. */
export function menuPermission(name: string): string {
  return `menu:${name}`;
}

/** Whether a code is granted through a menu item rather than by itself. */
export const isMenuPermission = (permission: string) => permission.startsWith(menuPermission(''));

const ACTION_TITLES: Record<ResourceAction, { zh: string; en: string }> = {
  list: { zh: '查看', en: 'read' },
  get: { zh: '查看', en: 'read' },
  export: { zh: '导出', en: 'export' },
  create: { zh: '新增', en: 'create' },
  update: { zh: '修改', en: 'change' },
  delete: { zh: '删除', en: 'delete' },
  import: { zh: '导入', en: 'import' },
};

/**
 * The permission codes resources declare, each titled by the resource and the actions it allows
 * ("商品：新增、修改…"), so the role editor can say what a checkbox grants.
 */
export function permissionCodesOf(definitions: ResourceDefinition[]): PermissionCode[] {
  const codes = new Map<string, { definitions: Set<ResourceDefinition>; actions: Set<ResourceAction> }>();
  for (const definition of definitions) {
    for (const [action, code] of Object.entries(definition.permissions ?? {}) as [ResourceAction, string | undefined][]) {
      if (!code) continue;
      const entry = codes.get(code) ?? { definitions: new Set(), actions: new Set() };
      entry.definitions.add(definition);
      entry.actions.add(action);
      codes.set(code, entry);
    }
  }
  return [...codes].map(([code, { definitions: defs, actions }]) => {
    const verbs = (lang: 'zh' | 'en') => [...new Set([...actions].map((a) => ACTION_TITLES[a][lang]))];
    const names = (lang: 'zh' | 'en') => [...defs].map((d) => d.title[lang]);
    return {
      code,
      title: {
        zh: `${names('zh').join('、')}：${verbs('zh').join('、')}`,
        en: `${names('en').join(', ')}: ${verbs('en').join(', ')}`,
      },
    };
  });
}

/** Codes that guard server actions beside menus and resources, with what each allows. */
const KNOWN_CODES: PermissionCode[] = [
  { code: 'user:manage', title: { zh: '管理本团队成员', en: "Manage the team's members" } },
  { code: SCREEN_DESIGN_PERMISSION, title: { zh: '设计页面与资源', en: 'Design screens and resources' } },
  { code: FILES_READ, title: { zh: '文件管理：查看、下载本团队文件', en: "Files: see and download the team's files" } },
  { code: FILES_WRITE, title: { zh: '文件管理：上传、重命名、移动、删除本团队文件', en: "Files: upload, rename, move and delete the team's files" } },
  { code: POSTERS_READ, title: { zh: '海报设计：查看、导出本团队海报', en: "Posters: see and export the team's posters" } },
  { code: POSTERS_WRITE, title: { zh: '海报设计：新建、保存、删除本团队海报', en: "Posters: make, save and delete the team's posters" } },
];

/**
 * Every code an admin can grant beside menu items, by code: the known ones, those the resources
 * declare, and any other a role already holds (titled by itself). The wildcard is never offered.
 */
export function grantableCodes(resourceCodes: PermissionCode[], granted: string[]): PermissionCode[] {
  const codes = new Map<string, PermissionCode>();
  for (const known of [...KNOWN_CODES, ...resourceCodes]) codes.set(known.code, known);
  for (const permission of granted) {
    if (permission !== WILDCARD && !isMenuPermission(permission) && !codes.has(permission)) {
      codes.set(permission, { code: permission, title: { zh: permission, en: permission } });
    }
  }
  return [...codes.values()].sort((a, b) => a.code.localeCompare(b.code));
}
