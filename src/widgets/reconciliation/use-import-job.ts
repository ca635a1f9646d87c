/**
 * One platform file through the server's import job: the upload (its bytes going out), then the
 * job polled at the pace the server writes its progress, until it is done or failed. Starting
 * again, or resetting, abandons the run in flight (its answers are dropped).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { RECON_IMPORT_FINISHED, RECON_IMPORT_PROGRESS_MS, type ReconImportJob } from '../../contract/api/reconciliation';
import { useWidgetHost } from '../interface/host';
import type { ReconImportParams } from '../interface/reconciliation-data';

export type ImportRun =
  | { phase: 'idle' }
  | { phase: 'uploading'; loaded: number; total: number }
  | { phase: 'running'; job: ReconImportJob }
  | { phase: 'finished'; job: ReconImportJob }
  /** The upload or a poll failed (the job's own failure is `finished` with state failed). */
  | { phase: 'error'; msg: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useImportJob(onFinished?: (job: ReconImportJob) => void) {
  const { data } = useWidgetHost();
  const [run, setRun] = useState<ImportRun>({ phase: 'idle' });
  const current = useRef(0);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);
  // A widget gone stops polling.
  useEffect(() => () => void current.current++, []);

  const start = useCallback(
    async (params: Omit<ReconImportParams, 'onUploadProgress'>) => {
      const mine = ++current.current;
      const live = () => mine === current.current;
      setRun({ phase: 'uploading', loaded: 0, total: params.file.size });
      try {
        let job = await data.reconciliation.startImport({
          ...params,
          onUploadProgress: (loaded, total) => live() && setRun({ phase: 'uploading', loaded, total: total || params.file.size }),
        });
        while (!RECON_IMPORT_FINISHED.includes(job.state)) {
          if (!live()) return;
          setRun({ phase: 'running', job });
          await sleep(RECON_IMPORT_PROGRESS_MS);
          job = await data.reconciliation.importJob(job.id);
        }
        if (!live()) return;
        setRun({ phase: 'finished', job });
        finished.current?.(job);
      } catch (error) {
        if (live()) setRun({ phase: 'error', msg: messageOf(error) });
      }
    },
    [data],
  );

  const reset = useCallback(() => {
    current.current++;
    setRun({ phase: 'idle' });
  }, []);

  return { run, start, reset };
}
