/**
 * Reconciliation's calls beside the resource API, as the data provider offers them to widgets: a
 * platform file in as a job (started with the upload's progress, then polled), the import history,
 * the summary per shop × month, a match run (scoped or whole), the differences as XLSX. The engine
 * implements them (src/engine/data-provider.ts), the one place that knows their URLs.
 */
import type {
  ReconDifferencesQuery,
  ReconImportJob,
  ReconImportJobList,
  ReconMatchBody,
  ReconMatchReport,
  ReconSummary,
  ReconSummaryQuery,
} from '../../contract/api/reconciliation';

export type ReconFileKind = ReconImportJob['kind'];

export interface ReconImportParams {
  kind: ReconFileKind;
  /** The shop the file belongs to; none for a shipment file. */
  shop?: string;
  /** Read and report only, write nothing. */
  preview: boolean;
  file: File;
  /** Bytes of the file sent so far, of all. */
  onUploadProgress?(loaded: number, total: number): void;
}

export interface ReconciliationData {
  /** Sends the file; answers the job once the server has it (reading goes on there). */
  startImport(params: ReconImportParams): Promise<ReconImportJob>;
  importJob(id: number): Promise<ReconImportJob>;
  /** The team's recent imports, newest first. */
  importHistory(): Promise<ReconImportJobList>;
  summary(query: ReconSummaryQuery): Promise<ReconSummary>;
  match(body: ReconMatchBody): Promise<ReconMatchReport>;
  /** Saves the differences (every outcome that needs a person's eye) of a platform, shop and month as an XLSX file. */
  exportDifferences(query: ReconDifferencesQuery, filename: string): Promise<void>;
}
