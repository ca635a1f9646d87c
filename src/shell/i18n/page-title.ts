import { useEffect } from 'react';
import { settings } from '../../contract/settings';
import { useI18n } from './I18nProvider';

/** Spec §1: the route title and the site title, joined by " - ". */
export function pageTitle(routeTitle: string, siteTitle: string): string {
  return `${routeTitle}${settings.titleSeparator}${siteTitle}`;
}

/** Titles the browser tab after the page on screen (spec §1); nothing while the page has no title yet. */
export function usePageTitle(routeTitle: string | undefined): void {
  const { t } = useI18n();
  useEffect(() => {
    if (routeTitle) document.title = pageTitle(routeTitle, t('app.siteTitle'));
  }, [routeTitle, t]);
}
