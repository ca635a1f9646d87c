/**
 * Resources: what the one resource API serves, built-in (typed tables) and admin-defined alike.
 * A definition lists typed fields; from it come the JSON Schema that validates every write (ajv on
 * the server, an interpreting validator with ajv's messages in the form), the default screens and
 * the columns of the database table.
 */
import { Type, type Static, type TSchema } from './schema';
import { patterns, storedUrlPattern } from './validators';

export const Localized = Type.Object(
  { zh: Type.String({ minLength: 1, maxLength: 100 }), en: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type Localized = Static<typeof Localized>;
export type Lang = keyof Localized;

/** Resource and field names become table and column names: lower snake case, never a keyword clash. */
export const NAME_PATTERN = '^[a-z][a-z0-9_]{0,39}$';
export const ResourceName = Type.String({ pattern: NAME_PATTERN });

export const FIELD_TYPES = [
  'string', // one line, up to maxLength (255)
  'text', // several lines
  'richtext', // HTML, sanitised on write and on draw
  'integer',
  'number',
  'money', // integer fen, shown as yuan
  'boolean',
  'date', // 'YYYY-MM-DD'
  'datetime', // epoch milliseconds
  'enum', // one of `options`
  'dict', // one of a dictionary's items (`dict` names the dictionary)
  'lookup', // the id of a record of another resource (`lookup`)
  'image', // an uploaded image's URL
  'file', // an uploaded file's URL
  'rows', // an array of objects with `columns`, edited as a sub-table, stored as JSON
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FieldOption = Type.Object(
  {
    value: Type.Union([Type.String({ maxLength: 64 }), Type.Integer()]),
    label: Localized,
    /** An antd tag colour for cells. */
    color: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type FieldOption = Static<typeof FieldOption>;

/** Role codes that see a field hidden, or see it but may not change it; enforced by the server too. */
export const FieldAccess = Type.Object(
  {
    hidden: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    readOnly: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type FieldAccess = Static<typeof FieldAccess>;

const fieldCore = {
  name: Type.String({ pattern: NAME_PATTERN }),
  title: Localized,
  type: Type.Union(FIELD_TYPES.map((t) => Type.Literal(t))),
  required: Type.Optional(Type.Boolean()),
  /** Strings: at most this many characters; 255 when omitted for `string`. */
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  minLength: Type.Optional(Type.Integer({ minimum: 0 })),
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
  /** A named pattern of validators.ts (mobile, email, httpUrl…). */
  format: Type.Optional(Type.Union(Object.keys(patterns).map((k) => Type.Literal(k)))),
  options: Type.Optional(Type.Array(FieldOption, { maxItems: 200 })),
  /** `dict` fields: the dictionary's code. */
  dict: Type.Optional(Type.String({ maxLength: 64 })),
  /** `lookup` fields: the resource and the field shown for a record. */
  lookup: Type.Optional(Type.Object({ resource: ResourceName, label: Type.String({ pattern: NAME_PATTERN }) }, { additionalProperties: false })),
  /** Images and files: accepted MIME types and the largest size in bytes. */
  accept: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  maxSize: Type.Optional(Type.Integer({ minimum: 1 })),
  default: Type.Optional(Type.Unknown()),
  description: Type.Optional(Localized),
  /**
   * Screens filter or sort by it: the table gets an index (two on a team-scoped table, one after the
   * team for its readers, one for the administrator's lists of every team: each costs writes).
   */
  indexed: Type.Optional(Type.Boolean()),
  /** Part of the keyword search. */
  searchable: Type.Optional(Type.Boolean()),
  unique: Type.Optional(Type.Boolean()),
  /** Set by the server (counters, computed values): never written through the API. */
  readOnly: Type.Optional(Type.Boolean()),
  access: Type.Optional(FieldAccess),
};

/** A column of a `rows` field: any type but `rows`. */
export const SubField = Type.Object(fieldCore, { additionalProperties: false });
export type SubField = Static<typeof SubField>;

export const ResourceField = Type.Object(
  { ...fieldCore, columns: Type.Optional(Type.Array(SubField, { minItems: 1, maxItems: 30 })) },
  { additionalProperties: false },
);
export type ResourceField = Static<typeof ResourceField>;

/** A state of a workflow: the state field's value, its label and an antd tag colour. */
export const WorkflowState = Type.Object(
  { value: Type.String({ maxLength: 64 }), label: Localized, color: Type.Optional(Type.String({ maxLength: 32 })) },
  { additionalProperties: false },
);
export type WorkflowState = Static<typeof WorkflowState>;

/**
 * Who may take a transition; every listed condition must hold, an omitted one holds for anybody
 * who sees the record. Administrators may take any transition.
 */
export const WorkflowActor = Type.Object(
  {
    /** Role codes, any of which is enough. */
    roles: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    /** Team types (1 asking, 2 quoting, 3 operation), any of which is enough. */
    teamTypes: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { maxItems: 9 })),
    /** `team`: the record belongs to the caller's team; `creator`: the caller created it; `other`: it does not belong to the caller's team. */
    owner: Type.Optional(Type.Union([Type.Literal('team'), Type.Literal('creator'), Type.Literal('other')])),
    /** A lookup field: ownership is checked on the record it points at instead (accepting a quote is the ask owner's). */
    via: Type.Optional(Type.String({ pattern: NAME_PATTERN })),
  },
  { additionalProperties: false },
);
export type WorkflowActor = Static<typeof WorkflowActor>;

/** The field types a transition's param may have: what a small dialog can ask for. */
export const TRANSITION_PARAM_TYPES = ['string', 'text', 'integer', 'number', 'money', 'date', 'enum', 'lookup'] as const;

/**
 * What a transition asks for (a reason, a colleague, a new price): a subset of a field's shape, so
 * the server validates it with the same JSON Schema as a record's values and the console draws it
 * with the same form widgets.
 */
export const TransitionParam = Type.Object(
  {
    name: fieldCore.name,
    title: fieldCore.title,
    type: Type.Union(TRANSITION_PARAM_TYPES.map((t) => Type.Literal(t))),
    required: fieldCore.required,
    maxLength: fieldCore.maxLength,
    minLength: fieldCore.minLength,
    minimum: fieldCore.minimum,
    maximum: fieldCore.maximum,
    options: fieldCore.options,
    lookup: fieldCore.lookup,
    /**
     * A lookup param: `recordTeam` makes its choices the looked-up resource's rows of the team that
     * owns the record (a colleague to assign it to). The server lists them to whoever may take the
     * transition now, though they may not list that resource, and refuses a value outside them.
     */
    choices: Type.Optional(Type.Literal('recordTeam')),
    description: fieldCore.description,
  },
  { additionalProperties: false },
);
export type TransitionParam = Static<typeof TransitionParam>;

export const WorkflowTransition = Type.Object(
  {
    name: Type.String({ pattern: NAME_PATTERN }),
    label: Localized,
    /** States it may start from. */
    from: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50 }),
    /** The state it ends in; omitted for an action that keeps the state (催报价, 加价). */
    to: Type.Optional(Type.String({ maxLength: 64 })),
    who: Type.Optional(WorkflowActor),
    /** Asks for confirmation in the console. */
    confirm: Type.Optional(Localized),
    /** What the caller sends with it; the server refuses missing or bad ones and passes only these on. */
    params: Type.Optional(Type.Array(TransitionParam, { maxItems: 10 })),
  },
  { additionalProperties: false },
);
export type WorkflowTransition = Static<typeof WorkflowTransition>;

/**
 * Which rows the callers of a team type see. `own`: their team's rows; `all`: every row; `states`:
 * rows in one of `states`; `via`: rows whose lookup field `field` points at a row of their team;
 * `referenced`: rows a row of their team in `resource` points at through `field`.
 */
export const VisibilityRule = Type.Object(
  {
    teamTypes: Type.Array(Type.Integer({ minimum: 1, maximum: 9 }), { minItems: 1, maxItems: 9 }),
    rows: Type.Union([Type.Literal('own'), Type.Literal('all'), Type.Literal('states'), Type.Literal('via'), Type.Literal('referenced')]),
    states: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    field: Type.Optional(Type.String({ pattern: NAME_PATTERN })),
    resource: Type.Optional(ResourceName),
  },
  { additionalProperties: false },
);
export type VisibilityRule = Static<typeof VisibilityRule>;

/**
 * A workflow declared with its resource: the state field only transitions change, the fields only
 * the server writes, and (for a team-scoped resource) which teams see which rows. The server
 * enforces it everywhere a row can be read; the console draws the transitions as buttons.
 */
export const Workflow = Type.Object(
  {
    stateField: Type.String({ pattern: NAME_PATTERN }),
    /** The first state is a new record's. */
    states: Type.Array(WorkflowState, { minItems: 1, maxItems: 50 }),
    transitions: Type.Array(WorkflowTransition, { maxItems: 50 }),
    /** Fields create and update never write, beside the state field. */
    serverOwned: Type.Optional(Type.Array(Type.String({ pattern: NAME_PATTERN }), { maxItems: 100 })),
    /** Replaces "own team only" of a team-scoped resource; a team type no rule names sees nothing. */
    visibility: Type.Optional(Type.Array(VisibilityRule, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type Workflow = Static<typeof Workflow>;

/** The body of POST /api/resources/:name/:id/actions/:action. */
export const TransitionBody = Type.Object(
  {
    /** The version the caller read: a record changed since gets 409. */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    /** What the transition asks for (a reason, a colleague, a new price). */
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type TransitionBody = Static<typeof TransitionBody>;

/** The same, for POST /api/resources/:name/actions/:action with the record's id in the body (a screen's `api` action). */
export const TransitionByIdBody = Type.Object(
  { id: Type.Integer({ minimum: 1 }), version: TransitionBody.properties.version, params: TransitionBody.properties.params },
  { additionalProperties: false },
);
export type TransitionByIdBody = Static<typeof TransitionByIdBody>;

/** One step of a record's timeline: who took which transition, from which state, when. */
export interface TimelineEntry {
  id: number;
  action: string;
  from_state: string | null;
  to_state: string | null;
  user_id: number | null;
  user_name: string;
  note: string;
  created_at: number;
}

export type ResourceAction = 'list' | 'get' | 'create' | 'update' | 'delete' | 'export' | 'import';
export const RESOURCE_ACTIONS: readonly ResourceAction[] = ['list', 'get', 'create', 'update', 'delete', 'export', 'import'];

export const ResourceDefinition = Type.Object(
  {
    name: ResourceName,
    title: Localized,
    /** `builtin` resources live in typed tables and cannot be redefined; `custom` ones are the admin's. */
    kind: Type.Union([Type.Literal('builtin'), Type.Literal('custom')]),
    fields: Type.Array(ResourceField, { minItems: 1, maxItems: 300 }),
    /** The field a record is named by in lookups, titles and history. */
    labelField: Type.String({ pattern: NAME_PATTERN }),
    /** Rows belong to the caller's team and other teams never see them (admins see all). */
    teamScoped: Type.Boolean(),
    /** Permission code each action needs; an action without one needs only a login. */
    permissions: Type.Optional(
      Type.Object(Object.fromEntries(RESOURCE_ACTIONS.map((a) => [a, Type.Optional(Type.String({ maxLength: 64 }))])), {
        additionalProperties: false,
      }),
    ),
    /** A tree: this field holds the parent record's id. */
    parentField: Type.Optional(Type.String({ pattern: NAME_PATTERN })),
    /** The actions the resource supports at all (a log is read-only); every action when omitted. */
    actions: Type.Optional(Type.Array(Type.Union(RESOURCE_ACTIONS.map((a) => Type.Literal(a))), { maxItems: RESOURCE_ACTIONS.length })),
    /**
     * Composite indexes for what screens filter and sort by together, e.g. [['status', 'paid_at']]
     * for "status = x, newest paid first"; single `indexed` fields get their own index anyway.
     * A team-scoped table has each twice, like `indexed` fields.
     */
    indexes: Type.Optional(Type.Array(Type.Array(Type.String({ pattern: NAME_PATTERN }), { minItems: 1, maxItems: 4 }), { maxItems: 20 })),
    workflow: Type.Optional(Workflow),
    /**
     * Set by the server in the definition it answers a caller, never stored: the caller reads rows
     * of more than one team (an administrator, a team a visibility rule shows others' rows), so a
     * list names each row's team (TEAM_FIELD) and may filter by it.
     */
    severalTeams: Type.Optional(Type.Boolean()),
    version: Type.Integer({ minimum: 1 }),
    updated_at: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type ResourceDefinition = Omit<Static<typeof ResourceDefinition>, 'permissions'> & {
  permissions?: Partial<Record<ResourceAction, string>>;
};

/**
 * The team a record belongs to (the system column team_id) as a lookup field: how a console draws
 * and filters it for a caller who reads several teams' rows, whose records carry its label.
 */
export const TEAM_FIELD: ResourceField = { name: 'team_id', title: { zh: '所属团队', en: 'Team' }, type: 'lookup', lookup: { resource: 'teams', label: 'name' } };

/** The fields a list or a detail may show the caller: the definition's, and the team's when they see several teams. */
export function shownFields(definition: ResourceDefinition): ResourceField[] {
  return definition.severalTeams ? [...definition.fields, TEAM_FIELD] : definition.fields;
}

/** Columns every record has, kept by the server. */
export const SYSTEM_FIELDS = ['id', 'version', 'team_id', 'created_by', 'created_at', 'updated_at'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

export type RecordValue = string | number | boolean | null | Record<string, unknown>[];
export interface ResourceRecord {
  id: number;
  version: number;
  team_id: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  [field: string]: RecordValue;
}

/**
 * Where a record read from the API carries its lookups' labels (field → the looked-up record's
 * label): no field name starts with "_", so it never meets a field.
 */
export const LABELS_KEY = '_labels';

/**
 * Where a record of a workflow resource read from the API carries the transitions its reader may
 * take now (its state, their role, team and ownership, as the server will judge them).
 */
export const ACTIONS_KEY = '_actions';

/** The transitions the record's reader may take now; an empty list for a record that carries none. */
export function carriedActions(record: ResourceRecord): string[] {
  const actions = (record as unknown as Partial<Record<typeof ACTIONS_KEY, string[]>>)[ACTIONS_KEY];
  return Array.isArray(actions) ? actions : [];
}

/**
 * The label a record carries for one of its lookup fields: undefined when the record carries no
 * labels (it was not read from the API), null when the looked-up record could not be named.
 */
export function carriedLabel(record: ResourceRecord, field: string): string | null | undefined {
  const labels = (record as unknown as Partial<Record<typeof LABELS_KEY, Record<string, string>>>)[LABELS_KEY];
  return labels ? (labels[field] ?? null) : undefined;
}

/** A record that carries only one lookup's label: for drawing a value met outside its record (a history entry). */
export function carryingLabel(field: string, label: string | undefined): ResourceRecord {
  return { [LABELS_KEY]: label === undefined ? {} : { [field]: label } } as unknown as ResourceRecord;
}

// ---- queries -------------------------------------------------------------------------------

export const FILTER_OPS = ['eq', 'ne', 'in', 'range', 'contains', 'dateRange', 'isNull'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

const Scalar = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()]);
export const Filter = Type.Union([
  Type.Object({ field: Type.String(), op: Type.Union([Type.Literal('eq'), Type.Literal('ne')]), value: Scalar }, { additionalProperties: false }),
  Type.Object({ field: Type.String(), op: Type.Literal('in'), value: Type.Array(Scalar, { maxItems: 500 }) }, { additionalProperties: false }),
  /** Inclusive bounds; either may be null for an open end. Dates as 'YYYY-MM-DD' or epoch ms. */
  Type.Object(
    {
      field: Type.String(),
      op: Type.Union([Type.Literal('range'), Type.Literal('dateRange')]),
      value: Type.Tuple([Scalar, Scalar]),
    },
    { additionalProperties: false },
  ),
  Type.Object({ field: Type.String(), op: Type.Literal('contains'), value: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
  Type.Object({ field: Type.String(), op: Type.Literal('isNull'), value: Type.Boolean() }, { additionalProperties: false }),
]);
export type Filter = Static<typeof Filter>;

export const SortOrder = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
export const Sort = Type.Object({ field: Type.String(), order: SortOrder }, { additionalProperties: false });
export type Sort = Static<typeof Sort>;

export const PAGE_SIZES = [10, 20, 50, 100, 200, 500, 1000] as const;
export const PAGE_SIZE_MAX = 1000;

export const ListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
    sort: Type.Optional(Type.Array(Sort, { maxItems: 5 })),
    filters: Type.Optional(Type.Array(Filter, { maxItems: 30 })),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

/**
 * Counting stops past this many rows: a larger answer is "10,000+" (`ListPage.totalCapped`), which
 * costs what reading that many rows costs, where an exact count reads every matching row (a
 * quoting team's market is hundreds of thousands).
 */
export const LIST_TOTAL_CAP = 10_000;

export interface ListPage<R = ResourceRecord> {
  rows: R[];
  /** The rows the query matches; when `totalCapped`, LIST_TOTAL_CAP and more. */
  total: number;
  /** More than LIST_TOTAL_CAP rows match: the pager offers that many and says so ("10,000+"). */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

export const IdBody = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const CreateBody = Type.Object({ values: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false });
export const UpdateBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    /** The version the editor read: a record changed since gets 409, never a silent overwrite. */
    version: Type.Integer({ minimum: 1 }),
    values: Type.Record(Type.String(), Type.Unknown()),
  },
  { additionalProperties: false },
);
export type UpdateBody = Static<typeof UpdateBody>;
export const DeleteBody = Type.Object(
  { id: Type.Integer({ minimum: 1 }), version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export const BulkDeleteBody = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

/** One change of one record: who, when, and each field's value before and after. */
export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete' | 'import';
  user_id: number | null;
  user_name: string;
  changes: {
    field: string;
    before: RecordValue | undefined;
    after: RecordValue | undefined;
    /** Of a lookup field: the labels of the records it pointed at before and after, as a record carries them. */
    labels?: { before?: string; after?: string };
  }[];
  created_at: number;
}

/** One refused cell of an import: 1-based data row (the header is row 0), the column's header, why. */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}
export interface ImportReport {
  /** Rows read from the file. */
  total: number;
  /** Rows written (0 on a preview, and on an all-or-nothing import with any error). */
  written: number;
  errors: ImportError[];
  /** The first rows as they would be stored, for the preview. */
  preview: Record<string, RecordValue>[];
  /** Header → field name; headers that match no field are listed in `ignored`. */
  columns: Record<string, string>;
  ignored: string[];
}

// ---- JSON Schema of a resource's values ------------------------------------------------

function fieldSchema(field: SubField | ResourceField, lang: Lang): Record<string, unknown> {
  const base: Record<string, unknown> = { title: field.title[lang] };
  if (field.description) base.description = field.description[lang];
  if (field.default !== undefined) base.default = field.default;
  const nullable = (schema: Record<string, unknown>) => (field.required ? schema : { ...schema, type: [schema.type, 'null'] });
  switch (field.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'image':
    case 'file': {
      const s: Record<string, unknown> = { ...base, type: 'string', maxLength: field.maxLength ?? (field.type === 'string' ? 255 : 100000) };
      if (field.required) s.minLength = Math.max(1, field.minLength ?? 1);
      else if (field.minLength) s.minLength = field.minLength;
      if (field.format) s.pattern = patterns[field.format as keyof typeof patterns];
      else if (field.type === 'image' || field.type === 'file') s.pattern = storedUrlPattern;
      return field.required ? s : { ...s, type: ['string', 'null'] };
    }
    case 'integer':
    case 'money':
    case 'datetime':
    case 'lookup':
      return nullable({ ...base, type: 'integer', ...range(field) });
    case 'number':
      return nullable({ ...base, type: 'number', ...range(field) });
    case 'boolean':
      return nullable({ ...base, type: 'boolean' });
    case 'date':
      return nullable({ ...base, type: 'string', format: 'date' });
    case 'enum': {
      const values = (field.options ?? []).map((o) => o.value);
      const oneOf = (field.options ?? []).map((o) => ({ const: o.value, title: o.label[lang] }));
      const type = values.every((v) => typeof v === 'number') ? 'integer' : 'string';
      return field.required ? { ...base, type, oneOf } : { ...base, type: [type, 'null'], oneOf: [...oneOf, { const: null, title: '' }] };
    }
    case 'dict':
      return nullable({ ...base, type: 'string', maxLength: 64 });
    case 'rows': {
      const columns = 'columns' in field && field.columns ? field.columns : [];
      return {
        ...base,
        type: 'array',
        maxItems: 1000,
        ...(field.required ? { minItems: 1 } : {}),
        items: objectSchema(columns, lang),
      };
    }
  }
}

function range(field: SubField): Record<string, number> {
  const r: Record<string, number> = {};
  if (field.minimum !== undefined) r.minimum = field.minimum;
  if (field.maximum !== undefined) r.maximum = field.maximum;
  return r;
}

function objectSchema(fields: (SubField | ResourceField)[], lang: Lang): Record<string, unknown> {
  const writable = fields.filter((f) => !f.readOnly);
  return {
    type: 'object',
    properties: Object.fromEntries(writable.map((f) => [f.name, fieldSchema(f, lang)])),
    required: writable.filter((f) => f.required).map((f) => f.name),
    additionalProperties: false,
  };
}

/**
 * The JSON Schema of a record's writable values. Server and form validate with the same schema,
 * so both refuse the same input with the same message.
 */
export function valuesSchema(definition: Pick<ResourceDefinition, 'fields'>, lang: Lang = 'zh'): TSchema {
  return objectSchema(definition.fields, lang) as TSchema;
}
