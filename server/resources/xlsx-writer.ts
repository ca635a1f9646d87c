/**
 * A one-sheet XLSX workbook written as its rows arrive: the fixed parts are a few lines of XML, the
 * sheet is its rows as text, deflated on the way out (zip-writer.ts). exceljs's streaming writer
 * builds a row and cell object per value and passes the sheet through buffers of its own, which grew
 * a 100,000-row export by 65 MB; this holds a few rows of text at a time.
 */
import type { Writable } from 'node:stream';
import { zipWriter } from './zip-writer';

export interface SheetColumn {
  header: string;
  /** In characters, as Excel measures a column. */
  width: number;
  /** Numbers shown with two decimals. */
  money: boolean;
}

export type SheetCell = string | number | null;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Rows are handed to the zip in pieces of about this many characters: a string over V8's largest
 * regular object (128 KB) lives in the large-object space, freed only by a full collection, so whole
 * batches as one string would pile up there.
 */
const PIECE = 16_384;

/** The style of money cells in styles.xml: built-in number format 2 is "0.00". */
const MONEY_STYLE = 1;

const FIXED_PARTS = (sheetName: string): Array<[string, string]> => [
  [
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
      `<sheet name="${escapeXml(sheetTitle(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    // Excel insists on the two default fills and one font, border and cell style.
    `${XML}<styleSheet xmlns="${MAIN}">` +
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
  ],
];

// Characters XML 1.0 cannot carry at all; a value holding them would make the file unreadable.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

/** Excel refuses a sheet named with []:*?/\ or longer than 31 characters. */
function sheetTitle(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** A, B, … Z, AA, AB, … */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function cellXml(ref: string, value: SheetCell, money: boolean): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? `<c r="${ref}"${money ? ` s="${MONEY_STYLE}"` : ''}><v>${value}</v></c>` : '';
  }
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

/**
 * Writes the workbook to `output` (and ends it): a header row of the columns' titles, then every
 * batch of rows as it comes.
 */
export async function writeXlsx(output: Writable, sheetName: string, columns: readonly SheetColumn[], batches: AsyncIterable<SheetCell[][]>): Promise<void> {
  const zip = zipWriter(output);
  for (const [name, text] of FIXED_PARTS(sheetName)) {
    await zip.entry(name);
    await zip.write(text);
  }
  const letters = columns.map((_, i) => columnLetters(i));
  let rowNumber = 0;
  const rowXml = (cells: readonly SheetCell[], header = false) => {
    rowNumber++;
    const inner = cells.map((value, i) => cellXml(`${letters[i]}${rowNumber}`, value, !header && columns[i].money)).join('');
    return `<row r="${rowNumber}">${inner}</row>`;
  };

  await zip.entry('xl/worksheets/sheet1.xml');
  const widths = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  await zip.write(`${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">${widths ? `<cols>${widths}</cols>` : ''}<sheetData>${rowXml(columns.map((c) => c.header), true)}`);
  let pending = '';
  for await (const rows of batches) {
    for (const cells of rows) {
      pending += rowXml(cells);
      if (pending.length < PIECE) continue;
      await zip.write(pending);
      pending = '';
    }
  }
  await zip.write(`${pending}</sheetData></worksheet>`);
  await zip.finish();
}
