import type { ComponentType, ReactNode } from 'react';
import { closestCenter, DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

function SortableTool({ id, children }: { id: string; children: ReactNode }) {
  const { setNodeRef, listeners, transform, transition, isDragging } = useSortable({ id });
  return (
    <span
      ref={setNodeRef}
      className={`console-tool console-tool-draggable${isDragging ? ' console-tool-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
    >
      {children}
    </span>
  );
}

interface SortableToolsProps {
  tools: { id: string; Tool: ComponentType }[];
  /** Hands each drag to the owner of the order, as a change of the full order (hidden tools included). */
  onReorder: (change: (order: string[]) => string[]) => void;
}

/** The header tools, reordered by dragging one onto another's place. */
export default function SortableTools({ tools, onReorder }: SortableToolsProps) {
  // A few pixels of travel before a drag starts, so a click still reaches the tool's button.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder((order) => arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={tools.map((tool) => tool.id)} strategy={horizontalListSortingStrategy}>
        <div className="console-tools">
          {tools.map(({ id, Tool }) => (
            <SortableTool key={id} id={id}>
              <Tool />
            </SortableTool>
          ))}
        </div>
      </SortableContext>
    </DndContext>
  );
}
