/** One figure a benchmark reports. `baseline` is measured in the same run, in the same unit as `value`. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  baselineName?: string;
  /** Largest acceptable value; reported as met or exceeded, never enforced. */
  budget?: number;
  /** Smallest acceptable value (throughput); reported as met or missed, never enforced. */
  floor?: number;
  note?: string;
}

/** What every bench/*.bench.ts default-exports. */
export type Benchmark = () => Promise<BenchRow[]>;
