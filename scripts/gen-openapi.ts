/**
 * `npm run gen:openapi` writes server/generated/openapi.json, the OpenAPI description of the form
 * API (scripts/lib/openapi-document.ts), which the server sends at GET /api/openapi.json. With
 * `--check` it writes nothing and fails when the file is stale (`npm run check:generated`).
 */
import path from 'node:path'
import { buildOpenApiDocument } from './lib/openapi-document.ts'
import { root } from './lib/paths.ts'

import { writeOrCheck } from './lib/generated-file.ts'

writeOrCheck(
  path.join(root, 'server/generated/openapi.json'),
  `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`,
  'npm run gen:openapi',
  'schemas/forms/ and server/forms/answers.ts',
)
