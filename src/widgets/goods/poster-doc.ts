/**
 * 海报设计's edits of a document, pure: new elements placed in view, changes, deletion, layer order,
 * and the undo/redo history the designer keeps of them.
 */
import type { PosterDoc, PosterElement, PosterElementKind, PosterElementOf } from '../../contract/api/posters';

let serial = 0;
/** An id no other element of the document has. */
export function newElementId(doc: PosterDoc, kind: PosterElementKind): string {
  const taken = new Set(doc.elements.map((element) => element.id));
  let id: string;
  do id = `${kind}-${Date.now().toString(36)}${(serial++).toString(36)}`;
  while (taken.has(id));
  return id;
}

/** A new element's box: centred, a share of the poster's narrower side, of the kind's shape. */
export function placeNew(doc: PosterDoc, kind: PosterElementKind): { x: number; y: number; w: number; h: number } {
  const side = Math.min(doc.width, doc.height);
  const shapes: Record<PosterElementKind, [number, number]> = { text: [0.7, 0.12], image: [0.5, 0.5], goods: [0.55, 0.7], price: [0.34, 0.13], qr: [0.25, 0.25], rect: [0.5, 0.3] };
  const [w, h] = shapes[kind].map((share) => Math.round(side * share));
  return { x: Math.round((doc.width - w) / 2), y: Math.round((doc.height - h) / 2), w, h };
}

export function addElement(doc: PosterDoc, element: PosterElement): PosterDoc {
  return { ...doc, elements: [...doc.elements, element] };
}

export function changeElement<K extends PosterElementKind>(doc: PosterDoc, id: string, change: Partial<PosterElementOf<K>>): PosterDoc {
  return { ...doc, elements: doc.elements.map((element) => (element.id === id ? ({ ...element, ...change } as PosterElement) : element)) };
}

export function removeElement(doc: PosterDoc, id: string): PosterDoc {
  return { ...doc, elements: doc.elements.filter((element) => element.id !== id) };
}

/** Layer moves: one step forward or back, or to the very front or back (the last element is drawn on top). */
export type LayerMove = 'forward' | 'backward' | 'front' | 'back';

export function moveLayer(doc: PosterDoc, id: string, move: LayerMove): PosterDoc {
  const from = doc.elements.findIndex((element) => element.id === id);
  if (from < 0) return doc;
  const last = doc.elements.length - 1;
  const to = { forward: Math.min(last, from + 1), backward: Math.max(0, from - 1), front: last, back: 0 }[move];
  if (to === from) return doc;
  const elements = [...doc.elements];
  const [element] = elements.splice(from, 1);
  elements.splice(to, 0, element);
  return { ...doc, elements };
}

/** The layer order after dragging one layer onto another's place. */
export function reorderLayer(doc: PosterDoc, id: string, overId: string): PosterDoc {
  const from = doc.elements.findIndex((element) => element.id === id);
  const to = doc.elements.findIndex((element) => element.id === overId);
  if (from < 0 || to < 0 || from === to) return doc;
  const elements = [...doc.elements];
  const [element] = elements.splice(from, 1);
  elements.splice(to, 0, element);
  return { ...doc, elements };
}

/** A poster with another size: elements stay where they are (the designer may move them after). */
export function resized(doc: PosterDoc, width: number, height: number): PosterDoc {
  return { ...doc, width, height };
}

/** The designer's history: what was, what is, what was undone. */
export interface History {
  past: PosterDoc[];
  present: PosterDoc;
  future: PosterDoc[];
}

/** The most steps Ctrl+Z goes back. */
export const HISTORY_STEPS = 100;

export const historyOf = (doc: PosterDoc): History => ({ past: [], present: doc, future: [] });

/** A finished edit: the present joins the past, redo is forgotten. An edit that changed nothing is no step. */
export function commit(history: History, doc: PosterDoc, from: PosterDoc = history.present): History {
  if (doc === from) return { ...history, present: doc };
  return { past: [...history.past, from].slice(-HISTORY_STEPS), present: doc, future: [] };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
