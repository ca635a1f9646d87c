import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from './types';

const DAYJS_LOCALES: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

export function applyDayjsLocale(lang: Language): void {
  dayjs.locale(DAYJS_LOCALES[lang]);
}
