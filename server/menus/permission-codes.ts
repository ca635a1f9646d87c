import type { PermissionCode } from '../../src/contract/api/menus';
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
