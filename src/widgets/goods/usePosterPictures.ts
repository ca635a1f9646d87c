/**
 * The pictures a poster names, loaded for the renderer: a site path as an <img> of this origin, a
 * 文件管理 file through the data provider (with the user's credentials) as an object URL of its
 * bytes. Both are same-origin, so a canvas that draws them still exports. Loaded once per key for
 * the console's life and shared by the stage, every thumbnail and the export.
 */
import { useEffect, useState } from 'react';
import type { PosterDoc } from '../../contract/api/posters';
import { useWidgetHost } from '../interface/host';
import { loadImage, loadPictures, type Pictures } from './poster-render';

const loaded = new Map<string, Promise<HTMLImageElement>>();

export function usePictureLoader(): (key: string) => Promise<HTMLImageElement> {
  const { data } = useWidgetHost();
  return (key) => {
    let picture = loaded.get(key);
    if (!picture) {
      const file = /^file:(\d+)$/.exec(key);
      picture = file ? data.files.content(Number(file[1])).then((blob) => loadImage(URL.createObjectURL(blob))) : loadImage(key);
      // A failure is not kept: the next draw tries again (the file may be back, the network up).
      picture.catch(() => loaded.delete(key));
      loaded.set(key, picture);
    }
    return picture;
  };
}

/** The document's pictures as they arrive; the renderer draws a placeholder for any still missing. */
export function usePosterPictures(doc: PosterDoc | undefined): Pictures {
  const load = usePictureLoader();
  const [pictures, setPictures] = useState<Pictures>(new Map());
  const keys = doc ? doc.elements.map((element) => (element.kind === 'image' ? JSON.stringify(element.src) : element.kind === 'goods' ? element.image : '')).join('|') : '';
  useEffect(() => {
    if (!doc) return;
    let current = true;
    void loadPictures(doc, load, pictures).then((next) => {
      if (current && (next.size !== pictures.size || [...next.keys()].some((key) => !pictures.has(key)))) setPictures(next);
    });
    return () => {
      current = false;
    };
    // Only a change of the pictures named calls for loading; a moved element does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);
  return pictures;
}
