/**
 * What the renderers of a screen's parts get, by kind. The list renderer opens forms and details, a
 * detail draws related lists: they reach each other through the registry (registry.ts), never by
 * importing each other, so each loads only when a screen needs it.
 */
import type { ResourceDefinition, ResourceRecord } from '../contract/resource';
import type { Action, DetailSpec, FormSpec, ListSpec, OpenMode, Screen } from '../contract/screen';

/** What every part renderer gets: the screen it belongs to and the resource it works on. */
interface PartProps {
  screen: Screen;
  definition: ResourceDefinition;
}

export interface ListRendererProps extends PartProps {
  spec: ListSpec;
  /** A related list inside a detail: fewer tools, fixed to the parent record. */
  compact?: boolean;
}

export interface FormRendererProps extends PartProps {
  spec: FormSpec;
  /** The record being edited; absent to create one. */
  record?: ResourceRecord;
  /** Values to start a new record with (e.g. a parent id). */
  initial?: Record<string, unknown>;
  mode: OpenMode;
  onSaved(record: ResourceRecord): void;
  onCancel(): void;
  /** Reports unsaved changes, so the dialog, drawer or page can guard leaving. */
  onDirtyChange?(dirty: boolean): void;
  /** Sends the values elsewhere than create/update (a workflow transition's params). */
  send?: FormSend;
}

/** Where a form sends its values instead of create/update, and what it calls its button. */
export interface FormSend {
  submitLabel: string;
  /** Answers the record as it now is; rejects with the server's error. */
  run(values: Record<string, unknown>): Promise<ResourceRecord>;
  /** A 409: the record changed since it was read; the owner says so and closes the form. */
  onConflict(message: string): void;
}

export interface DetailRendererProps extends PartProps {
  spec: DetailSpec;
  id: number;
  /**
   * Runs one of the detail's actions (edit opens the form, delete confirms…) on the record shown;
   * the actions' owner passes it. Without it the detail draws no action buttons.
   */
  onAction?(action: Action, record: ResourceRecord): void;
}

export interface RendererProps {
  list: ListRendererProps;
  form: FormRendererProps;
  detail: DetailRendererProps;
}
