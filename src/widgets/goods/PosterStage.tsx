/**
 * The designer's stage: the poster drawn by the renderer, scaled to fit the room it has, and over
 * it one transparent frame per element to select it, drag it (pointer events, captured, so a fast
 * drag never loses it) and, once selected, resize it by its eight handles. A drag shows live
 * through `onPreview` and becomes one undo step through `onCommit` when the pointer is let go.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { PosterDoc } from '../../contract/api/posters';
import { useWidgetHost } from '../interface/host';
import { changeElement } from './poster-doc';
import { fitScale, HANDLES, resizeBox, type Box, type Handle } from './poster-geometry';
import type { Pictures } from './poster-render';
import { PosterCanvas } from './PosterCanvas';

interface Drag {
  id: string;
  handle: Handle | null;
  pointerX: number;
  pointerY: number;
  box: Box;
  from: PosterDoc;
  last: PosterDoc;
}

export interface PosterStageProps {
  doc: PosterDoc;
  pictures: Pictures;
  selected: string | null;
  onSelect(id: string | null): void;
  onPreview(doc: PosterDoc): void;
  onCommit(doc: PosterDoc, from: PosterDoc): void;
}

/** The room the stage has, as it is resized. */
function useRoom(): [React.RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ width: 800, height: 600 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, room];
}

export function PosterStage({ doc, pictures, selected, onSelect, onPreview, onCommit }: PosterStageProps) {
  const { t } = useWidgetHost();
  const [roomRef, room] = useRoom();
  const scale = fitScale(doc.width, doc.height, room.width, room.height);
  const drag = useRef<Drag | null>(null);

  const start = (event: ReactPointerEvent, id: string, handle: Handle | null) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    const element = doc.elements.find((item) => item.id === id);
    if (!element) return;
    onSelect(id);
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    drag.current = { id, handle, pointerX: event.clientX, pointerY: event.clientY, box: { x: element.x, y: element.y, w: element.w, h: element.h }, from: doc, last: doc };
  };
  const move = (event: ReactPointerEvent) => {
    const current = drag.current;
    if (!current) return;
    const dx = (event.clientX - current.pointerX) / scale;
    const dy = (event.clientY - current.pointerY) / scale;
    const box = current.handle ? resizeBox(current.box, current.handle, dx, dy) : { ...current.box, x: Math.round(current.box.x + dx), y: Math.round(current.box.y + dy) };
    current.last = changeElement(current.from, current.id, box);
    onPreview(current.last);
  };
  const end = () => {
    const current = drag.current;
    drag.current = null;
    if (current && current.last !== current.from) onCommit(current.last, current.from);
  };

  return (
    <div className="poster-stage" ref={roomRef} onPointerDown={() => onSelect(null)} data-testid="poster-stage">
      <div className="poster-page" style={{ width: doc.width * scale, height: doc.height * scale }}>
        <PosterCanvas doc={doc} pictures={pictures} scale={scale} className="poster-page-canvas" label={t('goodsPosterCanvas')} />
        {doc.elements.map((element) => (
          <div
            key={element.id}
            className={`poster-frame${element.id === selected ? ' poster-frame-selected' : ''}`}
            style={{ left: element.x * scale, top: element.y * scale, width: element.w * scale, height: element.h * scale }}
            data-element={element.id}
            data-kind={element.kind}
            onPointerDown={(event) => start(event, element.id, null)}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
          >
            {element.id === selected &&
              HANDLES.map((handle) => (
                <span
                  key={handle}
                  className={`poster-handle poster-handle-${handle}`}
                  data-handle={handle}
                  onPointerDown={(event) => start(event, element.id, handle)}
                  onPointerMove={move}
                  onPointerUp={end}
                  onPointerCancel={end}
                />
              ))}
          </div>
        ))}
      </div>
    </div>
  );
}
