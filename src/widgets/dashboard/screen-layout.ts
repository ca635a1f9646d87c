/**
 * Where 数据大屏's panels go on a wide screen, pure: two columns of up to two panels each and the
 * live feed down the right. A caller who may not read some sections gets fewer panels; a column
 * with one panel gives it both rows, an empty column lends its place to the other.
 */
export type ScreenPanel = 'platforms' | 'ranking' | 'trend' | 'goods';

export function screenAreas(present: ReadonlySet<ScreenPanel>): string {
  const column = (panels: ScreenPanel[]) => {
    const held = panels.filter((panel) => present.has(panel));
    return held.length === 0 ? null : [held[0]!, held[1] ?? held[0]!];
  };
  const left = column(['platforms', 'ranking']);
  const center = column(['trend', 'goods']);
  const a = left ?? center;
  const b = center ?? left;
  if (!a || !b) return '"feed feed feed" "feed feed feed"';
  return `"${a[0]} ${b[0]} feed" "${a[1]} ${b[1]} feed"`;
}
