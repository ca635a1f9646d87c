/**
 * Writes schemas/screen.schema.json from the TypeBox meta-schema in src/contract/screen.ts, so the
 * JSON file editors and admins read and the types the code uses come from one definition.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screenSchemaJson } from '../src/contract/screen-schema-json';

const file = path.resolve(import.meta.dirname, '../schemas/screen.schema.json');
fs.writeFileSync(file, screenSchemaJson());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
