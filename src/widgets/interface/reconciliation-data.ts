/**
 * Reconciliation's calls beside the resource API, as the data provider offers them to widgets: the
 * summary per shop × month, a match run (scoped or whole), the differences as XLSX. The engine
 * implements them (src/engine/data-provider.ts), the one place that knows their URLs.
 */
import type { ReconMatchBody, ReconMatchReport, ReconSummary, ReconSummaryQuery } from '../../contract/api/reconciliation';

export interface ReconciliationData {
  summary(query: ReconSummaryQuery): Promise<ReconSummary>;
  match(body: ReconMatchBody): Promise<ReconMatchReport>;
  /** Saves the differences (every outcome that needs a person's eye) as an XLSX file. */
  exportDifferences(filename: string): Promise<void>;
}
