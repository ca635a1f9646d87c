/** How 首页 words its figures, pure: the change against the period before, a rate, a duration. */

/** The change from the period before as a fraction of it; null when the period before had nothing to compare with. */
export function deltaOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

/** '+12.5%', '-3%', '0%': one decimal at most. */
export function percentText(fraction: number, signed = false): string {
  const value = Math.round(fraction * 1000) / 10;
  return `${signed && value > 0 ? '+' : ''}${value}%`;
}

/** Minutes as whole hours and minutes once past the hour. */
export function durationParts(minutes: number): { hours: number; minutes: number } {
  const whole = Math.round(minutes);
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}
