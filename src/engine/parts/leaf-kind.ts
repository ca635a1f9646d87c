import type { Part, Screen } from '../../contract/screen';

/** A leaf's kind: its own, or the one its body implies. */
export function leafKind(part: Screen | Part): 'list' | 'form' | 'detail' | 'block' {
  if (part.kind === 'list' || part.kind === 'form' || part.kind === 'detail' || part.kind === 'block') return part.kind;
  return part.block ? 'block' : part.list ? 'list' : part.detail ? 'detail' : 'form';
}
