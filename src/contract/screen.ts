/**
 * The screen format: one JSON document per screen, drawn by the generic list / form / detail
 * renderer. `ScreenSchema` is the meta-schema; schemas/screen.schema.json is written from it
 * (npm run schemas) and a test keeps the two equal, so the types below and the JSON cannot drift.
 */
import { Type, type Static, type TSchema } from './schema';
import { EXPR_DEFINITION, ExprRef } from './expression';
import { Filter, Localized, ResourceName, Sort } from './resource';

export const SCREEN_SCHEMA_ID = 'https://shop-console.local/schemas/screen.schema.json';

/** A screen's id is the vue_path it serves: letters, digits, '_', '-' and '/' between segments. */
export const SCREEN_ID_PATTERN = '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$';
const WidgetName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$', description: 'A name in a widget registry' });
const Code = Type.String({ minLength: 1, maxLength: 64, description: 'A permission code' });
const FieldName = Type.String({ minLength: 1, maxLength: 64 });
const Options = Type.Record(Type.String(), Type.Unknown(), { description: "The widget's own options" });
const strict = { additionalProperties: false } as const;

/**
 * A part used in several places of the meta-schema is written once under `$defs` and referred to,
 * which keeps schemas/screen.schema.json readable and the editor's completion consistent.
 */
const DEFINITIONS: Record<string, TSchema> = {};
function shared<T extends TSchema>(name: string, schema: T) {
  DEFINITIONS[name] = schema;
  return Type.Unsafe<Static<T>>({ $ref: `#/$defs/${name}` });
}

export const WidgetRef = Type.Object({ widget: WidgetName, options: Type.Optional(Options) }, strict);
export type WidgetRef = Static<typeof WidgetRef>;
const WidgetRefRef = shared('widget', WidgetRef);

export const ACTION_KINDS = ['create', 'edit', 'view', 'delete', 'openScreen', 'api', 'navigate', 'export', 'import', 'reload', 'widget'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export const OpenMode = Type.Union([Type.Literal('dialog'), Type.Literal('drawer'), Type.Literal('page')]);
export type OpenMode = Static<typeof OpenMode>;

export const Action = Type.Object(
  {
    key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,39}$' }),
    label: Localized,
    /**
     * create/edit/view: the resource's form or detail; delete: with a confirm; openScreen: another
     * screen; api: POST `url` with `body`; navigate: go to `to`; export/import/reload; widget: a
     * registered action widget.
     */
    kind: Type.Union(ACTION_KINDS.map((k) => Type.Literal(k))),
    icon: Type.Optional(Type.String({ maxLength: 64 })),
    type: Type.Optional(Type.Union([Type.Literal('primary'), Type.Literal('default'), Type.Literal('link'), Type.Literal('dashed')])),
    danger: Type.Optional(Type.Boolean()),
    mode: Type.Optional(OpenMode),
    screen: Type.Optional(Type.String({ pattern: SCREEN_ID_PATTERN })),
    /** api: a path of this server's API, never another origin. */
    url: Type.Optional(Type.String({ pattern: '^/api/[A-Za-z0-9_/.-]+$' })),
    body: Type.Optional(Type.Record(Type.String(), ExprRef)),
    /** navigate: a path inside the console; `{{record.id}}` placeholders are filled and URL-encoded. */
    to: Type.Optional(Type.String({ pattern: '^/[^/\\\\]', maxLength: 500 })),
    confirm: Type.Optional(Localized),
    permission: Type.Optional(Code),
    visible: Type.Optional(ExprRef),
    disabled: Type.Optional(ExprRef),
    widget: Type.Optional(WidgetName),
    options: Type.Optional(Options),
  },
  strict,
);
export type Action = Static<typeof Action>;
const ActionRef = shared('action', Action);

export const Column = Type.Object(
  {
    field: FieldName,
    title: Type.Optional(Localized),
    width: Type.Optional(Type.Integer({ minimum: 40, maximum: 2000 })),
    fixed: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('right')])),
    align: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
    sortable: Type.Optional(Type.Boolean()),
    filterable: Type.Optional(Type.Boolean()),
    /** A cell widget; by default one follows from the field's type. */
    cell: Type.Optional(WidgetRefRef),
    ellipsis: Type.Optional(Type.Boolean()),
    copyable: Type.Optional(Type.Boolean()),
    /** Hidden until the user shows it in the column settings. */
    hidden: Type.Optional(Type.Boolean()),
    /** Links the cell, e.g. to the detail: `{{record.id}}` placeholders are filled. */
    link: Type.Optional(Type.String({ pattern: '^/[^/\\\\]', maxLength: 500 })),
  },
  strict,
);
export type Column = Static<typeof Column>;
const ColumnRef = shared('column', Column);

export const SearchField = Type.Object(
  {
    field: FieldName,
    title: Type.Optional(Localized),
    /** How the field is searched; by default it follows from the field's type. */
    widget: Type.Optional(
      Type.Union([
        Type.Literal('text'),
        Type.Literal('select'),
        Type.Literal('dateRange'),
        Type.Literal('numberRange'),
        Type.Literal('lookup'),
      ]),
    ),
    default: Type.Optional(Type.Unknown()),
  },
  strict,
);
export type SearchField = Static<typeof SearchField>;

/**
 * How a list draws a row on a phone (below 768 px), as a card: the title field, an optional line
 * under it, two or three key fields, a status tag and a thumbnail. A list that says nothing gets a
 * default from its columns (src/contract/card-default.ts).
 */
export const CardSpec = Type.Object(
  {
    title: FieldName,
    subtitle: Type.Optional(FieldName),
    fields: Type.Optional(Type.Array(FieldName, { maxItems: 6 })),
    status: Type.Optional(FieldName),
    image: Type.Optional(FieldName),
  },
  strict,
);
export type CardSpec = Static<typeof CardSpec>;

export const ListSpec = Type.Object(
  {
    columns: Type.Array(ColumnRef, { minItems: 1, maxItems: 200 }),
    search: Type.Optional(
      Type.Object({ keyword: Type.Optional(Type.Boolean()), fields: Type.Optional(Type.Array(SearchField, { maxItems: 30 })) }, strict),
    ),
    /** Always applied, e.g. one platform's orders. */
    filters: Type.Optional(Type.Array(Filter, { maxItems: 10 })),
    defaultSort: Type.Optional(Type.Array(Sort, { maxItems: 5 })),
    pageSizes: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000 }), { minItems: 1, maxItems: 8 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    density: Type.Optional(Type.Union([Type.Literal('large'), Type.Literal('middle'), Type.Literal('small')])),
    /** Draw the rows as a tree by the resource's parentField. */
    tree: Type.Optional(Type.Boolean()),
    selectable: Type.Optional(Type.Boolean()),
    toolbar: Type.Optional(Type.Array(ActionRef, { maxItems: 20 })),
    rowActions: Type.Optional(Type.Array(ActionRef, { maxItems: 20 })),
    bulkActions: Type.Optional(Type.Array(ActionRef, { maxItems: 20 })),
    /** The row as a card on a phone; a default follows from the columns when omitted. */
    card: Type.Optional(CardSpec),
  },
  strict,
);
export type ListSpec = Static<typeof ListSpec>;
const ListSpecRef = shared('list', ListSpec);

export const FieldRule = Type.Object(
  { field: FieldName, visible: Type.Optional(ExprRef), disabled: Type.Optional(ExprRef), default: Type.Optional(ExprRef) },
  strict,
);
export type FieldRule = Static<typeof FieldRule>;

export const FormSpec = Type.Object(
  {
    /** The fields and their order; every writable field of the resource when omitted. */
    fields: Type.Optional(Type.Array(FieldName, { minItems: 1, maxItems: 300 })),
    /** A JSON Schema of its own; the resource's values schema when omitted. */
    schema: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    uiSchema: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /** Conditional fields: visibility, disabled state and defaults over `form`, `record` and `user`. */
    rules: Type.Optional(Type.Array(FieldRule, { maxItems: 300 })),
    columns: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
    open: Type.Optional(OpenMode),
    width: Type.Optional(Type.Integer({ minimum: 320, maximum: 2000 })),
  },
  strict,
);
export type FormSpec = Static<typeof FormSpec>;
const FormSpecRef = shared('form', FormSpec);

export const DetailSpec = Type.Object(
  {
    groups: Type.Array(
      Type.Object({ title: Localized, fields: Type.Array(FieldName, { minItems: 1 }), columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })) }, strict),
      { minItems: 1, maxItems: 30 },
    ),
    related: Type.Optional(
      Type.Array(
        Type.Object(
          {
            title: Localized,
            resource: ResourceName,
            /** The field of the related resource that holds this record's id. */
            field: FieldName,
            columns: Type.Array(ColumnRef, { minItems: 1, maxItems: 30 }),
          },
          strict,
        ),
        { maxItems: 10 },
      ),
    ),
    history: Type.Optional(Type.Boolean()),
    actions: Type.Optional(Type.Array(ActionRef, { maxItems: 20 })),
  },
  strict,
);
export type DetailSpec = Static<typeof DetailSpec>;
const DetailSpecRef = shared('detail', DetailSpec);

export const SCREEN_KINDS = ['list', 'form', 'detail', 'block', 'tabs', 'sections'] as const;
export type ScreenKind = (typeof SCREEN_KINDS)[number];
const LeafKind = Type.Union([Type.Literal('list'), Type.Literal('form'), Type.Literal('detail'), Type.Literal('block')]);

const leafBody = {
  resource: Type.Optional(ResourceName),
  list: Type.Optional(ListSpecRef),
  form: Type.Optional(FormSpecRef),
  detail: Type.Optional(DetailSpecRef),
  /** kind block: one registered block widget draws the whole part. */
  block: Type.Optional(WidgetRefRef),
};

/** A tab or section of a composite screen: inline, or another screen by id. */
export const Part = Type.Object(
  {
    key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,39}$' }),
    title: Localized,
    kind: Type.Optional(LeafKind),
    screen: Type.Optional(Type.String({ pattern: SCREEN_ID_PATTERN })),
    visible: Type.Optional(ExprRef),
    ...leafBody,
  },
  strict,
);
export type Part = Static<typeof Part>;

const ScreenObject = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: SCREEN_ID_PATTERN, maxLength: 200 }),
    version: Type.Integer({ minimum: 1 }),
    title: Localized,
    kind: Type.Union(SCREEN_KINDS.map((k) => Type.Literal(k))),
    /** Permission code per action; `view` opens the screen at all. */
    permissions: Type.Optional(
      Type.Object(
        {
          view: Type.Optional(Code),
          create: Type.Optional(Code),
          update: Type.Optional(Code),
          delete: Type.Optional(Code),
          export: Type.Optional(Code),
          import: Type.Optional(Code),
        },
        strict,
      ),
    ),
    ...leafBody,
    parts: Type.Optional(Type.Array(Part, { minItems: 1, maxItems: 20 })),
  },
  strict,
);

/** What each kind needs beside the common fields. */
const kindRules = [
  { kind: 'list', required: ['resource', 'list'] },
  { kind: 'form', required: ['resource'] },
  { kind: 'detail', required: ['resource', 'detail'] },
  { kind: 'block', required: ['block'] },
  { kind: 'tabs', required: ['parts'] },
  { kind: 'sections', required: ['parts'] },
].map(({ kind, required }) => ({ if: { properties: { kind: { const: kind } }, required: ['kind'] }, then: { required } }));

/** The meta-schema every screen is validated with, on the server before it is stored and in the console before it is drawn. */
export const ScreenSchema = Type.Unsafe<Static<typeof ScreenObject>>({
  ...ScreenObject,
  $id: SCREEN_SCHEMA_ID,
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Screen',
  allOf: kindRules,
  $defs: { ...DEFINITIONS, expr: EXPR_DEFINITION },
} as TSchema);
export type Screen = Static<typeof ScreenObject>;

// ---- the screen store's API -------------------------------------------------------------------

export const ScreenStatus = Type.Union([Type.Literal('draft'), Type.Literal('published')]);
export type ScreenStatus = Static<typeof ScreenStatus>;

/** Where a screen a console draws came from. */
export type ScreenSource = 'published' | 'bundled';

export const ScreenResolveBody = Type.Object({ vue_path: Type.String({ minLength: 1, maxLength: 200 }) }, strict);
export interface ResolvedScreen {
  source: ScreenSource;
  screen: Screen;
}

/** One JSON path and why a screen fails there, for the admin who wrote it. */
export interface ScreenProblem {
  path: string;
  message: string;
}
