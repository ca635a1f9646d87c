/** The menu as a built-in resource, for the settings screens. */
import { field, text, lookup } from '../resources/fields';
import { builtin, codes, ADMIN } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';

const menus = builtin({
  name: 'menus',
  zh: '菜单',
  en: 'Menus',
  fields: [
    lookup('parent_id', '上级菜单', 'Parent', 'menus', 'title_zh', { indexed: true }),
    text('title_zh', '中文标题', 'Chinese title', 64, { required: true, searchable: true }),
    text('title_en', '英文标题', 'English title', 64, { required: true, searchable: true }),
    text('name', '路由名称', 'Route name', 64, { required: true, unique: true, searchable: true }),
    text('path', '路由地址', 'Path', 255, { required: true }),
    text('vue_path', '视图', 'View', 255),
    text('icon', '图标', 'Icon', 64),
    text('permission', '权限码', 'Permission', 128),
    field('hidden', 'boolean', '隐藏', 'Hidden', { default: false }),
    field('sort', 'integer', '排序', 'Order', { default: 0 }),
  ],
  labelField: 'title_zh',
  teamScoped: false,
  permissions: codes('menus'),
  system: ADMIN,
  parentField: 'parent_id',
  nullable: ['parent_id'],
});

export const MENU_RESOURCES: ResourceStore[] = [menus];
