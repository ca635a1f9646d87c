import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/** exceljs takes about a tenth of a second to load: it is loaded by the first spreadsheet, not by every start. */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
