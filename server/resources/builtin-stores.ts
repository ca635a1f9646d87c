/** Every built-in resource, each declared in its area's home, in one list. */
import type { ResourceStore } from './store';
import { ACCOUNT_RESOURCES } from '../auth/resources';
import { MENU_RESOURCES } from '../menus/resources';
import { SETTING_RESOURCES } from '../settings/resources';
import { NOTICE_RESOURCES } from '../notices/resources';
import { systemLogStore } from '../audit/resources';
import { GOODS_RESOURCES, GOODS_SELLER_PERMISSIONS } from '../goods/resources';
import { RECONCILIATION_RESOURCES, RECONCILIATION_SELLER_PERMISSIONS } from '../reconciliation/resources';
import { CHAT_RESOURCES } from '../chat/resources';
import { QUOTING_PERMISSIONS, QUOTING_STORES } from '../quoting/resources';

const ADMINISTRATION = [...ACCOUNT_RESOURCES, ...MENU_RESOURCES, ...SETTING_RESOURCES, ...NOTICE_RESOURCES];
const BUSINESS = [...GOODS_RESOURCES, ...QUOTING_STORES, ...RECONCILIATION_RESOURCES, ...CHAT_RESOURCES];

/** Every built-in resource by name; the system log names the steps of the others' workflows. */
export const BUILTIN_STORES: ReadonlyMap<string, ResourceStore> = new Map(
  [...ADMINISTRATION, systemLogStore([...ADMINISTRATION, ...BUSINESS].map((store) => store.definition)), ...BUSINESS].map((store) => [store.definition.name, store]),
);

/** The codes the demo seller role needs to work in its own team's business resources (seed/demo.ts). */
export const SELLER_RESOURCE_PERMISSIONS = [...GOODS_SELLER_PERMISSIONS, ...QUOTING_PERMISSIONS.asker, ...RECONCILIATION_SELLER_PERMISSIONS];
/** The codes the demo quoter role needs (seed/demo.ts). */
export const QUOTER_RESOURCE_PERMISSIONS = QUOTING_PERMISSIONS.quoter;
