import fc from 'fast-check'

/** One request to the editor's API, as bytes are built from it (tests/server/support/raw-http.ts). */
export interface ApiFuzzCase {
  method: string
  path: string
  contentType: string | undefined
  body: Buffer
}

/** What the fuzz knows of the site when it starts: the config it edits and the versions it can name. */
export interface FuzzContext {
  version: string
  config: { routes: Record<string, unknown>[] } & Record<string, unknown>
  versionIds: string[]
}

/** A 1×1 PNG: a real picture, so an upload gets past the type check to where its name is used. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

/** Names that try to leave the folder they are meant for, or to be something a file name should not. */
const traversal = fc.constantFrom(
  '../../../../etc/passwd',
  '../../package.json',
  '..%2f..%2fpackage.json',
  '%2e%2e/%2e%2e/bin/start.mjs',
  '/etc/passwd',
  'images/../../../site.config.json',
  '..\\..\\evil.png',
  'evil.png\u0000.svg',
  '.',
  '..',
  '',
  'images/',
  '.well-known/x.png',
  `${'a'.repeat(300)}.png`,
  'node_modules/koa/package.json',
)
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  traversal,
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '<script>alert(1)</script>', 'current', 'built', '\r\nX-Evil: 1'),
)
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
)
const anyValue = fc.oneof(hostileText, wrongType)

/** JSON nested this deep: a parser or a walk over the config that recurses runs out of stack. */
const deep = fc.integer({ min: 1_000, max: 50_000 }).chain((depth) => fc.constantFrom('{"a":'.repeat(depth) + '1' + '}'.repeat(depth), '['.repeat(depth) + ']'.repeat(depth)))

/** The request's fields, written as JSON text by hand so that `__proto__` is a real key of the object sent. */
const fieldsText = (fields: [string, unknown][]) => `{${fields.map(([key, value]) => `${JSON.stringify(key)}:${value === undefined ? 'null' : JSON.stringify(value)}`).join(',')}}`

/** A body of fields the API reads (version, config, src, path, title, …) and keys it must not trust, with hostile values. */
const hostileFields = fc
  .array(fc.tuple(fc.constantFrom('version', 'config', 'src', 'path', 'title', 'template', 'menu', 'partners', '__proto__', 'constructor', 'prototype'), anyValue), {
    maxLength: 6,
  })
  .map(fieldsText)

/** Sizes around the API's limits (1 MB of JSON, 10 MB of upload), made once: building them per run would cost more than sending them. */
const big = new Map<number, Buffer>([1, 11, 21].map((mb) => [mb, Buffer.from(`{"version":"built","config":"${'x'.repeat(mb * 1024 * 1024)}"}`)]))

/** The config the editor loaded, with one place in it replaced by something hostile: the checker must refuse it or publish it, never fail. */
function editedConfig(context: FuzzContext) {
  return fc
    .tuple(fc.nat({ max: context.config.routes.length - 1 }), fc.constantFrom('title', 'path', 'blocks', 'description', '__proto__', 'aliases'), anyValue, fc.boolean())
    .map(([index, key, value, whole]) => {
      const config = structuredClone(context.config)
      if (whole) Object.defineProperty(config, key, { value, enumerable: true, configurable: true, writable: true })
      else Object.defineProperty(config.routes[index]!, key, { value, enumerable: true, configurable: true, writable: true })
      return JSON.stringify({ version: context.version, config })
    })
}

const body = (context: FuzzContext) =>
  fc.oneof(
    { arbitrary: hostileFields.map((text) => Buffer.from(text)), weight: 6 },
    { arbitrary: editedConfig(context).map((text) => Buffer.from(text)), weight: 2 },
    { arbitrary: deep.map((text) => Buffer.from(`{"version":${JSON.stringify(context.version)},"config":${text},"src":${text}}`)), weight: 1 },
    { arbitrary: fc.constantFrom(...big.values()), weight: 1 },
    {
      arbitrary: fc
        .constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{"__proto__":null}', 'null', '[]', '"x"', '{')
        .map((text) => Buffer.from(text)),
      weight: 2,
    },
    { arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)), weight: 2 },
    { arbitrary: fc.constant(PNG), weight: 2 },
    { arbitrary: fc.constant(Buffer.alloc(0)), weight: 1 },
  )

/** A path segment, as sent raw on the request line (`../` unresolved; no byte that would end the line) or escaped. */
const segment = fc.oneof(
  hostileText.map((text) => encodeURIComponent(text)),
  traversal.map((text) => [...text].filter((character) => character > ' ').join('')),
)

/** An upload's address: where to, what kind, under what name (each one the library's own, or hostile). */
const uploadPath = fc
  .record(
    {
      folder: fc.oneof(fc.constantFrom('images', 'partners'), hostileText),
      kind: fc.oneof(fc.constantFrom('picture', 'logo'), hostileText),
      name: fc.oneof(fc.constant('fuzz.png'), hostileText),
    },
    { requiredKeys: [] },
  )
  .map((fields) => `media/upload?${new URLSearchParams(fields as Record<string, string>).toString()}`)

function pathOf(context: FuzzContext) {
  const id = fc.oneof(fc.constantFrom(...context.versionIds, 'current', 'built'), segment)
  return fc.oneof(
    fc.constantFrom('document', 'session', 'check', 'save', 'new-page', 'versions', 'media', 'media/delete', 'versions/current/config'),
    id.map((value) => `versions/${value}/config`),
    id.map((value) => `versions/${value}/rollback`),
    uploadPath,
    fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
  )
}

/** Every kind of request the fuzz sends to the editor's API, for what the site is when it starts. */
export function apiFuzzCase(context: FuzzContext): fc.Arbitrary<ApiFuzzCase> {
  const api = (rest: string) => `/_editor/api/${rest}`
  // Anything at all; and, as often, what reaches past the method and type checks to the code that reads the body.
  const anything = fc.record({
    method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
    path: pathOf(context).map(api),
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/octet-stream',
      'image/png',
      'multipart/form-data; boundary=x',
      undefined,
    ),
    body: body(context),
  })
  const json = fc.record({
    method: fc.constant('POST'),
    path: fc.constantFrom('save', 'check', 'new-page', 'media/delete').map(api),
    contentType: fc.constant('application/json'),
    body: body(context),
  })
  const upload = fc.record({
    method: fc.constant('POST'),
    path: uploadPath.map(api),
    contentType: fc.constantFrom('image/png', 'application/octet-stream', undefined),
    body: fc.oneof(fc.constant(PNG), body(context)),
  })
  return fc
    .oneof({ arbitrary: anything, weight: 2 }, { arbitrary: json, weight: 1 }, { arbitrary: upload, weight: 1 })
    .map((request) => ({ ...request, [fc.toStringMethod]: () => describeCase(request) }))
}

/** A failing request as a person reads it: a whole config or 20 MB as bytes would bury it. */
function describeCase({ method, path, contentType, body }: ApiFuzzCase): string {
  const text = body.toString('utf8')
  const shown = text.length > 600 ? `${text.slice(0, 300)} … ${text.slice(-300)}` : text
  return `${method} ${path} (${contentType ?? 'no Content-Type'}, ${body.length} bytes): ${JSON.stringify(shown)}`
}
