/**
 * JSON Schema building blocks shared by server and client. TypeBox builds plain JSON Schema objects
 * and infers their TypeScript types, so one definition serves ajv on the server, the client's types
 * and the OpenAPI document.
 */
import { Type, type TSchema } from '@sinclair/typebox';

export { Type };
export type { Static, TSchema } from '@sinclair/typebox';

/** The envelope around a payload schema, for answer schemas. */
export function EnvelopeOf<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Union([Type.Integer(), Type.String()]),
    msg: Type.String(),
    data,
  });
}

/** The envelope of an answer that carries no data: every error, and writes with nothing to say. */
export const NoDataEnvelope = EnvelopeOf(Type.Null());
