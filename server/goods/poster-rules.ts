/**
 * 海报设计's document rules, pure: a document is taken only as its JSON Schema (src/contract/api/posters.ts)
 * says, checked here rather than by the route's schema so that a refusal names the element and the
 * field at fault (a union's schema errors would name the first kind tried, not the one sent).
 */
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { Type } from '../../src/contract/schema';
import {
  POSTER_MAX_CHARS,
  POSTER_MAX_ELEMENTS,
  PosterDoc,
  PosterGoods,
  PosterImage,
  PosterPrice,
  PosterQr,
  PosterRect,
  PosterText,
  type PosterElementKind,
} from '../../src/contract/api/posters';
import type { MessageKey } from '../http/messages';

export type DocCheck = { doc: PosterDoc; chars: number } | { problem: MessageKey; params: Record<string, string | number> };

const ELEMENT_SCHEMAS: Record<PosterElementKind, TSchema> = { text: PosterText, image: PosterImage, goods: PosterGoods, price: PosterPrice, qr: PosterQr, rect: PosterRect };
/** The document without its elements, which are checked one by one by kind. */
const Frame = Type.Object({ ...PosterDoc.properties, elements: Type.Array(Type.Unknown()) }, { additionalProperties: false });

let compiled: { frame: TypeCheck<typeof Frame>; elements: Map<string, TypeCheck<TSchema>> } | undefined;
/** Compiled (TypeBox's `new Function`) at the first save, not at every start of the server. */
function checks() {
  compiled ??= { frame: TypeCompiler.Compile(Frame), elements: new Map(Object.entries(ELEMENT_SCHEMAS).map(([kind, schema]) => [kind, TypeCompiler.Compile(schema)])) };
  return compiled;
}

/** The field a schema error is about: `link`, `fill.from`, or the element itself. */
const fieldOf = (path: string) => path.split('/').filter(Boolean).join('.') || '—';

/** The document as sent, checked whole: its weight, its frame, then each element by its kind. */
export function checkDoc(sent: unknown): DocCheck {
  const chars = JSON.stringify(sent ?? null).length;
  if (chars > POSTER_MAX_CHARS) return { problem: 'posterTooLarge', params: { kb: Math.ceil(chars / 1024), most: POSTER_MAX_CHARS / 1000 } };
  const { frame, elements } = checks();
  if (!frame.Check(sent)) return { problem: 'posterDocInvalid', params: { field: fieldOf(frame.Errors(sent).First()?.path ?? '') } };
  if (sent.elements.length > POSTER_MAX_ELEMENTS) return { problem: 'posterTooManyElements', params: { most: POSTER_MAX_ELEMENTS } };
  const ids = new Set<string>();
  for (const [index, element] of sent.elements.entries()) {
    const n = index + 1;
    const kind = (element as { kind?: unknown } | null)?.kind;
    const check = typeof kind === 'string' ? elements.get(kind) : undefined;
    if (!check) return { problem: 'posterElementKind', params: { n } };
    if (!check.Check(element)) {
      const field = fieldOf(check.Errors(element).First()?.path ?? '');
      if (field === 'link') return { problem: 'posterLinkRefused', params: { n } };
      if (field.startsWith('src') || field === 'image') return { problem: 'posterPictureRefused', params: { n } };
      return { problem: 'posterElementInvalid', params: { n, field } };
    }
    const { id } = element as { id: string };
    if (ids.has(id)) return { problem: 'posterDuplicateId', params: { n, id } };
    ids.add(id);
  }
  return { doc: sent as PosterDoc, chars };
}
