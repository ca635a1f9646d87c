import { ScreenSchema } from './screen';

/** The meta-schema as the text of schemas/screen.schema.json (TypeBox's symbols dropped by JSON). */
export function screenSchemaJson(): string {
  return `${JSON.stringify(ScreenSchema, null, 2)}\n`;
}
