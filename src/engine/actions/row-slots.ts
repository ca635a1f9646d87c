/**
 * A list row's operations share three links; what does not fit goes under a "more" button, so the
 * pinned operations column stays narrow enough to leave the row's own columns in view. The
 * screen's row actions that show for the record come first; the workflow's transitions take the
 * slots left.
 */
export const ROW_LINKS = 3;

/** How many of `count` operations a bar of `slots` draws inline: all when they fit, else one fewer, the last slot taken by "more". */
export function inlineCount(count: number, slots: number): number {
  return count <= slots ? count : Math.max(0, slots - 1);
}

/** The slots a row leaves to its workflow's transitions after the screen's `screenActions` row actions it shows. */
export function transitionSlots(screenActions: number): number {
  return screenActions < ROW_LINKS ? ROW_LINKS - screenActions : 0;
}
