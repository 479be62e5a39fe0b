import fc from 'fast-check'
import { TEST_API_KEY, validPayloads } from './forms-test-app.ts'
import { httpRequest } from './raw-http.ts'

type FormName = keyof typeof validPayloads

/** One request as bytes, with what a correct server may do with it. */
export interface FuzzCase {
  form: FormName
  bytes: Buffer
  /** A unique text in the message or name, so a delivered mail can be traced to its request. */
  marker: string
  /** The honeypot was filled: an accepted answer is given, but no mail may arrive. */
  honeypot: boolean
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW'
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1')
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03', 'latin1'), Buffer.alloc(200, 0x41)])

const hostileString = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('\r\nBcc: victim@example.net', 'A\u0000B', 'A\u2028B', '\u202eevil', '../../etc/passwd', '<script>x</script>'),
  fc.integer({ min: 10_000, max: 60_000 }).map((length) => 'x'.repeat(length)),
)
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
)
const pollution = fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"__proto__":null}')
const deepNesting = fc.integer({ min: 100, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth))

/** A payload: valid, or with fields replaced, removed or added. */
function payloadArbitrary(form: FormName, marker: string) {
  const base: Record<string, unknown> = { ...validPayloads[form], name: `Asha ${marker}` }
  if ('message' in base) base.message = `Fuzz ${marker}`
  const keys = [...Object.keys(base), 'website', 'fillTimeMs', '__proto__', 'constructor', 'extra']
  return fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(hostileString, wrongType, fc.constant(undefined))), { maxLength: 3 }).map((changes) => {
    const payload: Record<string, unknown> = { ...base }
    for (const [key, value] of changes) {
      if (value === undefined) delete payload[key]
      else Object.defineProperty(payload, key, { value, enumerable: true, configurable: true, writable: true })
    }
    return payload
  })
}

/** A field's value as multipart text. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/**
 * The honeypot as the server reads it: multipart fields are text, and JSON scalars are coerced to
 * text by the schema check (123 → "123"); anything else is refused before the honeypot matters.
 */
function honeypotFilled(website: unknown, multipart: boolean): boolean {
  if (website === undefined) return false
  const text = multipart ? asText(website) : ['string', 'number', 'boolean'].includes(typeof website) ? String(website) : ''
  return text.trim() !== ''
}

function multipartBody(fields: Record<string, unknown>, files: Array<{ field: string; name: string; content: Buffer }>): Buffer {
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(value)}\r\n`))
  }
  for (const file of files) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`))
    parts.push(file.content, Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return Buffer.concat(parts)
}

const fileArbitrary = fc.oneof(
  fc.constant({ field: 'resume', name: 'cv.pdf', content: PDF }),
  fc.constant({ field: 'resume', name: 'cv.pdf', content: EXE }), // a renamed .exe
  fc.constant({ field: 'resume', name: 'setup.exe', content: EXE }),
  fc.constant({ field: 'resume', name: 'big.pdf', content: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1 - PDF.length, 0x20)]) }),
  fc.record({ field: fc.constantFrom('resume', 'photo', 'name'), name: hostileString, content: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) }),
)

const headersArbitrary = fc.record({
  apiKey: fc.oneof({ arbitrary: fc.constant(TEST_API_KEY), weight: 12 }, { arbitrary: fc.constantFrom(undefined, 'wrong'), weight: 1 }),
  duplicateApiKey: fc.integer({ min: 0, max: 19 }).map((roll) => roll === 0),
  idempotencyKey: fc.option(fc.oneof(fc.constantFrom('fuzz-key-1', 'fuzz-key-2'), fc.string({ maxLength: 30 })), { nil: undefined, freq: 4 }),
})

/** Every kind of request the fuzzer sends, for a given marker. */
export function fuzzCaseArbitrary(marker: string): fc.Arbitrary<FuzzCase> {
  const form = fc.constantFrom<FormName>('contact', 'quote', 'career')
  return fc.tuple(form, headersArbitrary, fc.integer({ min: 0, max: 9 })).chain(([formName, headers, kind]) => {
    const json = 'application/json'
    const multipart = `multipart/form-data; boundary=${BOUNDARY}`
    /** `payload`: the fields as sent, when the content type lets the server read them. */
    const finish = (contentType: string | undefined, body: Buffer, payload?: Record<string, unknown>) => {
      const head: Record<string, string> = {}
      if (contentType) head['Content-Type'] = contentType
      if (headers.apiKey) head['x-api-key'] = headers.apiKey
      // Node folds a repeated x-api-key into "a, b": the key check must refuse it, not crash.
      if (headers.duplicateApiKey) head['X-Api-Key'] = TEST_API_KEY
      if (headers.idempotencyKey) head['Idempotency-Key'] = headers.idempotencyKey.replace(/[\r\n]/g, '')
      const honeypot = honeypotFilled(payload?.website, contentType === multipart)
      return { form: formName, bytes: httpRequest('POST', `/api/${formName}`, head, body), marker, honeypot }
    }
    switch (kind) {
      case 0:
      case 1:
      case 2:
        return payloadArbitrary(formName, marker).map((payload) => finish(json, Buffer.from(JSON.stringify(payload)), payload))
      case 3:
        return fc.oneof(pollution, deepNesting, fc.string({ maxLength: 200 })).map((raw) => finish(json, Buffer.from(raw)))
      case 4:
        return payloadArbitrary(formName, marker).chain((payload) => {
          const whole = Buffer.from(JSON.stringify(payload))
          return fc.integer({ min: 0, max: whole.length }).map((cut) => finish(json, whole.subarray(0, cut)))
        })
      case 5:
        return fc
          .tuple(fc.constantFrom(undefined, 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', multipart), payloadArbitrary(formName, marker))
          .map(([type, payload]) => finish(type, Buffer.from(JSON.stringify(payload)), type?.startsWith(json) ? payload : undefined))
      case 6:
      case 7:
        // Multipart with 0, 1, 2 or 50 files.
        return fc
          .tuple(
            payloadArbitrary(formName, marker),
            fc.oneof(fc.array(fileArbitrary, { maxLength: 2 }), fc.constant(Array.from({ length: 50 }, () => ({ field: 'resume', name: 'cv.pdf', content: PDF })))),
          )
          .map(([payload, files]) => {
            const { resume: _resume, ...fields } = payload
            return finish(multipart, multipartBody(fields, files), formName === 'career' ? payload : undefined)
          })
      default: {
        // A valid multipart upload cut at a random byte: inside a header, a field, a file, a boundary.
        const body = multipartBody({ ...validPayloads.career, name: `Asha ${marker}` }, [{ field: 'resume', name: 'cv.pdf', content: PDF }])
        return fc.integer({ min: 0, max: body.length - 1 }).map((cut) => finish(multipart, body.subarray(0, cut)))
      }
    }
  })
}
