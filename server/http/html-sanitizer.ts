import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

type Library = typeof SanitizeHtml;

const requireAtRunTime = createRequire(import.meta.url);
let library: Library | undefined;

/**
 * A sanitizer with the options `configure` builds. sanitize-html, with its HTML and CSS parsers,
 * took a tenth of a second of every start; it is loaded when the first rich text is written.
 */
export function htmlSanitizer(configure: (library: Library) => SanitizeHtml.IOptions): (html: string) => string {
  let options: SanitizeHtml.IOptions | undefined;
  return (html) => {
    library ??= requireAtRunTime('sanitize-html') as Library;
    options ??= configure(library);
    return library(html, options);
  };
}
