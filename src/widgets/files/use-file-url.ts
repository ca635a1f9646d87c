/**
 * A file's bytes read through the data provider with the user's credentials: as a Blob (a text
 * preview) or as an object URL for an <img> (a thumbnail, the picture viewer). The URL is made once
 * per file version and kept in swr's cache beside the other reads, so every tile and preview of the
 * same picture shares it and a re-render never makes another.
 */
import useSWR from 'swr';
import { useWidgetHost } from '../interface/host';

export function useFileBlob(id: number | undefined, updatedAt = 0) {
  const { data } = useWidgetHost();
  return useSWR(id === undefined ? null : ['files-content', id, updatedAt], () => data.files.content(id!), { revalidateOnFocus: false });
}

export function useFileUrl(id: number | undefined, updatedAt = 0): string | undefined {
  const { data } = useWidgetHost();
  const url = useSWR(id === undefined ? null : ['files-url', id, updatedAt], async () => URL.createObjectURL(await data.files.content(id!)), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return url.data;
}
