/**
 * Payloads of the resource API routes (server/resources) for their OpenAPI document and answer
 * serialisation; the request shapes themselves live in contract/resource.ts.
 */
import { Type, type Static } from '../schema';
import { NAME_PATTERN, ResourceDefinition, ResourceName } from '../resource';

export const ResourceParams = Type.Object({ name: ResourceName });
export type ResourceParams = Static<typeof ResourceParams>;

/** A record: the system fields, then the resource's own fields by name. */
export const ResourceRecordSchema = Type.Object(
  {
    id: Type.Integer(),
    version: Type.Integer(),
    team_id: Type.Union([Type.Integer(), Type.Null()]),
    created_by: Type.Union([Type.Integer(), Type.Null()]),
    created_at: Type.Integer(),
    updated_at: Type.Integer(),
  },
  { additionalProperties: true },
);

export const ListAnswer = Type.Object({
  rows: Type.Array(ResourceRecordSchema),
  total: Type.Integer(),
  totalCapped: Type.Optional(Type.Boolean()),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const HistoryAnswer = Type.Object({
  rows: Type.Array(
    Type.Object({
      id: Type.Integer(),
      action: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete'), Type.Literal('import')]),
      user_id: Type.Union([Type.Integer(), Type.Null()]),
      user_name: Type.String(),
      changes: Type.Array(
        Type.Object({
          field: Type.String(),
          before: Type.Optional(Type.Unknown()),
          after: Type.Optional(Type.Unknown()),
          labels: Type.Optional(Type.Object({ before: Type.Optional(Type.String()), after: Type.Optional(Type.String()) })),
        }),
      ),
      created_at: Type.Integer(),
    }),
  ),
});

export const BulkDeleteAnswer = Type.Object({ deleted: Type.Integer() });

export const ExportQuerystring = Type.Object(
  {
    format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
    /** A ListQuery as JSON (URL-encoded); every row when omitted. */
    query: Type.Optional(Type.String({ maxLength: 20000 })),
  },
  { additionalProperties: false },
);
export type ExportQuerystring = Static<typeof ExportQuerystring>;

export const ImportQuerystring = Type.Object(
  {
    /** all (default): every row or none; valid: the rows without errors. */
    mode: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('valid')])),
  },
  { additionalProperties: false },
);
export type ImportQuerystring = Static<typeof ImportQuerystring>;

export const ImportReportSchema = Type.Object({
  total: Type.Integer(),
  written: Type.Integer(),
  errors: Type.Array(Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String() })),
  preview: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  columns: Type.Record(Type.String(), Type.String()),
  ignored: Type.Array(Type.String()),
});

export const DefinitionList = Type.Object({ rows: Type.Array(ResourceDefinition) });

// ---- admin: custom definitions ---------------------------------------------------------------

export const SaveDefinitionBody = Type.Object(
  {
    /** `version` is the version the designer read (any number for a new resource). */
    definition: ResourceDefinition,
  },
  { additionalProperties: false },
);
export type SaveDefinitionBody = Static<typeof SaveDefinitionBody>;

export const DefinitionNameBody = Type.Object({ name: ResourceName }, { additionalProperties: false });
export type DefinitionNameBody = Static<typeof DefinitionNameBody>;

export const DesignedResource = Type.Object({
  definition: ResourceDefinition,
  /** Columns kept with their data after their field was removed; adding the field back shows them again. */
  retired: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  rows: Type.Integer(),
});

/** POST /api/resources/:name/:id/actions/:action: a workflow transition of one record. */
export const TransitionParams = Type.Object({
  name: ResourceName,
  /** A path segment: digits. */
  id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }),
  action: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
});
export type TransitionParams = Static<typeof TransitionParams>;

export const ActionParams = Type.Object({ name: ResourceName, action: TransitionParams.properties.action });

/**
 * POST /api/resources/:name/:id/actions/:action/choices: the choices of one of the transition's
 * lookup params declared with `choices` (TransitionParam), those whose label holds `keyword`.
 */
export const TransitionChoicesBody = Type.Object(
  { param: Type.String({ pattern: NAME_PATTERN }), keyword: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);
export type TransitionChoicesBody = Static<typeof TransitionChoicesBody>;

/** The choices of a select the server lists (a transition's param, a list's team filter): at most CHOICES_MAX, by label. */
export const ChoicesAnswer = Type.Object({ rows: Type.Array(Type.Object({ value: Type.Integer(), label: Type.String() })) });
export type ChoicesAnswer = Static<typeof ChoicesAnswer>;
export const CHOICES_MAX = 50;

/**
 * POST /api/resources/:name/teams: the teams whose rows of a team-scoped resource the caller may
 * read (the choices of its 所属团队 filter), those whose name holds `keyword`.
 */
export const RowTeamsBody = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 64 })) }, { additionalProperties: false });
export type RowTeamsBody = Static<typeof RowTeamsBody>;
export type ActionParams = Static<typeof ActionParams>;

/** One step of a record's timeline (TimelineEntry). */
export const TimelineRow = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  from_state: Type.Union([Type.String(), Type.Null()]),
  to_state: Type.Union([Type.String(), Type.Null()]),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  user_name: Type.String(),
  note: Type.String(),
  created_at: Type.Integer(),
});

/** A record's timeline: each transition taken, oldest first. */
export const TimelineAnswer = Type.Object({ rows: Type.Array(TimelineRow) });
export type TimelineRow = Static<typeof TimelineRow>;
export type TimelineAnswer = Static<typeof TimelineAnswer>;
