import { Type, type Static } from '../schema';
import { CLIENT_ERROR_BATCH } from '../error-log';

/** What the console met: a script error, an unhandled rejection, a screen that failed to render, the service worker. */
export const ClientErrorKind = Type.Union([Type.Literal('error'), Type.Literal('rejection'), Type.Literal('render'), Type.Literal('sw')]);
export type ClientErrorKind = Static<typeof ClientErrorKind>;

export const ClientErrorReport = Type.Object(
  {
    message: Type.String(),
    stack: Type.Optional(Type.String()),
    url: Type.String(),
    kind: ClientErrorKind,
  },
  { additionalProperties: false },
);
export type ClientErrorReport = Static<typeof ClientErrorReport>;

export const ClientErrorBatch = Type.Object(
  { entries: Type.Array(ClientErrorReport, { minItems: 1, maxItems: CLIENT_ERROR_BATCH }) },
  { additionalProperties: false },
);
export type ClientErrorBatch = Static<typeof ClientErrorBatch>;

export const ClientErrorRow = Type.Object({
  id: Type.Integer(),
  /** '' when the user has since been deleted. */
  username: Type.String(),
  message: Type.String(),
  stack: Type.String(),
  url: Type.String(),
  user_agent: Type.String(),
  kind: ClientErrorKind,
  created_at: Type.Integer(),
});
export type ClientErrorRow = Static<typeof ClientErrorRow>;
export const ClientErrorList = Type.Object({ rows: Type.Array(ClientErrorRow) });
export type ClientErrorList = Static<typeof ClientErrorList>;
