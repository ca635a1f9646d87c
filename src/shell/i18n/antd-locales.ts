// The ES modules: antd/locale/* re-export the CommonJS build, a second copy of every locale on the first page.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import type { Language } from './types';

/** antd's own strings (pagination, modals, pickers, form messages) for each of the console's languages. */
export const ANTD_LOCALES = { zh: zhCN, en: enUS } as const satisfies Record<Language, unknown>;
