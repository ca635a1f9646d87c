/**
 * Writes schemas/screen.schema.json from the TypeBox meta-schema in src/contract/screen.ts, so the
 * JSON file editors and admins read and the types the code uses come from one definition, and the
 * meta-schema's precompiled validator beside the contract.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screenSchemaJson, screenValidatorSource } from '../src/contract/screen-schema-json';

for (const [relative, text] of [
  ['../schemas/screen.schema.json', screenSchemaJson()],
  ['../src/contract/screen-validator.ts', screenValidatorSource()],
] as const) {
  const file = path.resolve(import.meta.dirname, relative);
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
