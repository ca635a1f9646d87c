/** Summary figures of a benchmark's samples. */

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The nearest-rank percentile: the smallest sample at least `p` % of the samples do not exceed. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no samples');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
