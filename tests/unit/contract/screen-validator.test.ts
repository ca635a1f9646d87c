import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenValidatorSource } from '../../../src/contract/screen-schema-json';

describe('the precompiled screen validator', () => {
  it('is the code ajv generates from the meta-schema today (npm run schemas)', () => {
    const file = fs.readFileSync(path.resolve(import.meta.dirname, '../../../src/contract/screen-validator.ts'), 'utf8');
    expect(file).toBe(screenValidatorSource());
  });

  it('runs without compiling code at run time (the console forbids unsafe-eval)', () => {
    const source = screenValidatorSource();
    expect(source).not.toMatch(/new Function|\beval\(|require\(/);
  });
});
