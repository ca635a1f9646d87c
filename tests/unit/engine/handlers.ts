import { http, HttpResponse } from 'msw';
import type { ListPage, ResourceRecord } from '../../../src/contract/resource';

export const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: 'success', data });
export const fail = (code: number, msg: string) => HttpResponse.json({ code, msg, data: null }, { status: code });

export function page(rows: Record<string, unknown>[]): ListPage {
  return { rows: rows as ResourceRecord[], total: rows.length, page: 1, pageSize: 20 };
}

/** The dictionary `supplier_category` with two items, the second disabled. */
export const dictionaryHandlers = [
  http.post('*/api/resources/dictionaries/list', () => ok(page([{ id: 5, code: 'supplier_category', name: '供应商类目' }]))),
  http.post('*/api/resources/dictionary_items/list', () =>
    ok(
      page([
        { id: 1, dictionary_id: 5, value: 'metal', label_zh: '五金', label_en: 'Hardware', sort: 1, status: 1 },
        { id: 2, dictionary_id: 5, value: 'paper', label_zh: '纸品', label_en: 'Paper', sort: 2, status: 0 },
      ]),
    ),
  ),
];
