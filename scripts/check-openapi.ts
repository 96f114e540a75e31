// The OpenAPI gate of `npm test` (issue 26): the document GET /api/openapi.json serves, built here
// from the same code (src/worker/rest-docs.ts), is valid OpenAPI 3.1 by a maintained validator
// (@readme/openapi-parser: the 3.1 schema, plus duplicate operationIds and parameters, path
// parameters that the path does not name, …). Writes it into dist/ for other tools.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { openApiDocument } from '../src/worker/rest-docs';
import { ROOT } from './lib/wrangler';

const doc = openApiDocument();
// validate() dereferences its argument in place: give it a copy.
const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
const operations = Object.values(doc.paths as Record<string, object>).reduce((n, item) => n + Object.keys(item).length, 0);
if (!result.valid) {
  console.error(compileErrors(result));
  process.exit(1);
}
if (result.warnings.length) console.warn(compileErrors(result));
mkdirSync(path.join(ROOT, 'dist'), { recursive: true });
writeFileSync(path.join(ROOT, 'dist/openapi.json'), `${JSON.stringify(doc, null, 2)}\n`);
console.log(`OpenAPI ${String(doc.openapi)}: valid, ${operations} operations (written into dist/)`);
