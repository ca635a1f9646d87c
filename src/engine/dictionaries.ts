/**
 * Dictionary options by code, read through the resource API: the `dictionaries` resource names each
 * dictionary by its code, the `dictionary_items` resource holds its items (value, label_zh, label_en,
 * sort, status), as server/db/migrations/0001_core.ts stores them. Form selects and detail values of
 * `dict` fields share these reads through swr, one pair of requests per code.
 */
import useSWR from 'swr';
import type { Lang } from '../contract/resource';
import type { DictionaryOption } from '../widgets/interface/host';
import { useEngineHost } from './host';

export const DICTIONARY_RESOURCE = 'dictionaries';
export const DICTIONARY_ITEM_RESOURCE = 'dictionary_items';
/** Items of one dictionary are few; one page holds them all. */
const ITEMS_PAGE = 500;

interface ItemRow {
  value: string;
  label_zh: string;
  label_en: string;
  status: number;
}

export function useDictionary(code: string | undefined): { options: DictionaryOption[] | undefined; isLoading: boolean } {
  const { data: provider, lang } = useEngineHost();
  const { data, isLoading } = useSWR<{ zh: DictionaryOption[]; en: DictionaryOption[] }>(
    code ? ['dictionary', code] : null,
    async () => {
      const dictionaries = await provider.getList({
        resource: DICTIONARY_RESOURCE,
        pagination: { pageSize: 1 },
        filters: [{ field: 'code', op: 'eq', value: code! }],
      });
      const dictionary = dictionaries.rows[0];
      if (!dictionary) return { zh: [], en: [] };
      const items = await provider.getList({
        resource: DICTIONARY_ITEM_RESOURCE,
        pagination: { pageSize: ITEMS_PAGE },
        filters: [{ field: 'dictionary_id', op: 'eq', value: dictionary.id }],
        sorters: [{ field: 'sort', order: 'asc' }],
      });
      const rows = items.rows as unknown as ItemRow[];
      const options = (lang: Lang) => rows.map((row) => ({ value: row.value, label: lang === 'zh' ? row.label_zh : row.label_en, disabled: row.status === 0 }));
      return { zh: options('zh'), en: options('en') };
    },
    { revalidateOnFocus: false },
  );
  return { options: data?.[lang], isLoading };
}
