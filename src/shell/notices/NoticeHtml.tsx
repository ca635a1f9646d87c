import { useMemo, type MouseEvent } from 'react';
import DOMPurify from 'dompurify';
import { NOTICE_HTML, type NoticeType } from '../../contract/api/notice';
import type { MessageKey } from '../i18n/types';

const LINK = new RegExp(`^(?:${NOTICE_HTML.linkSchemes.join('|')}):`, 'i');

export const NOTICE_TITLES: Record<NoticeType, MessageKey> = {
  1: 'notice.typeAddProduct',
  2: 'notice.typeQuotePrice',
  3: 'notice.typeChangePrice',
};


/** A link in a notice opens itself, not the notice around it. */
function keepLinkClick(event: MouseEvent) {
  if ((event.target as Element).closest('a')) event.stopPropagation();
}

/**
 * Notice HTML, sanitised again here although the server stored it sanitised: a row written past the
 * API must not be able to script the console.
 */
export function NoticeHtml({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: [...NOTICE_HTML.tags],
        ALLOWED_ATTR: [...NOTICE_HTML.linkAttributes],
        ALLOWED_URI_REGEXP: LINK,
      }),
    [html],
  );
  return <div className="notice-html" onClick={keepLinkClick} dangerouslySetInnerHTML={{ __html: clean }} />;
}
