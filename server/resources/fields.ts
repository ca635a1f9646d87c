/**
 * The field language of built-in resource definitions: a field is its name, type and titles in both
 * languages, with enum options, lookups, money and numbered fields spelled once.
 */
import type { FieldOption, FieldType, ResourceField } from '../../src/contract/resource';

type Extra = Partial<Omit<ResourceField, 'name' | 'title' | 'type'>>;

export function field(name: string, type: FieldType, zh: string, en: string, extra: Extra = {}): ResourceField {
  return { name, title: { zh, en }, type, ...extra };
}

/** Enum options from [value, zh, en, colour?] tuples. */
export function options(...items: Array<[value: string | number, zh: string, en: string, color?: string]>): FieldOption[] {
  return items.map(([value, zh, en, color]) => ({ value, label: { zh, en }, ...(color ? { color } : {}) }));
}

export const enumOf = (name: string, zh: string, en: string, items: FieldOption[], extra: Extra = {}) =>
  field(name, 'enum', zh, en, { options: items, indexed: true, ...extra });
export const text = (name: string, zh: string, en: string, maxLength: number, extra: Extra = {}) =>
  field(name, 'string', zh, en, { maxLength, ...extra });
export const remark = (maxLength = 255) => field('remark', 'string', '备注', 'Remark', { maxLength });
export const money = (name: string, zh: string, en: string, extra: Extra = {}) => field(name, 'money', zh, en, { minimum: 0, ...extra });
export const lookup = (name: string, zh: string, en: string, resource: string, label: string, extra: Extra = {}) =>
  field(name, 'lookup', zh, en, { lookup: { resource, label }, ...extra });
export const numbered = (name: string, zh: string, en: string) =>
  text(name, zh, en, 64, {
    searchable: true,
    unique: true,
    description: { zh: '留空时自动生成', en: 'Generated when left empty' },
  });

export const PLATFORMS = options(['douyin', '抖音', 'Douyin', 'magenta'], ['kuaishou', '快手', 'Kuaishou', 'orange'], ['wechat', '微信小店', 'WeChat Store', 'green']);
export const ENABLED = options([1, '启用', 'Enabled', 'green'], [0, '停用', 'Disabled', 'red']);
export const ONLINE = options(['online', '在线', 'Online', 'green'], ['offline', '离线', 'Offline', 'default']);
