// @vitest-environment node
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import Ajv2020 from 'ajv/dist/2020.js'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../server/compose/app.ts'
import type { FormsServiceOptions } from '../../server/compose/forms-service.ts'
import { formDefinitionsOf } from '../../server/forms/form-definitions.ts'
import { buildOpenApiDocument } from '../../server/openapi/openapi-document.ts'
import { UPLOAD_LIMIT_BYTES } from '../../site/form-rules.ts'
import { memoryLog } from '../../ground/log.ts'
import { freePort } from '../../scripts/lib/local-redis.ts'
import { cleanUpAfterEachTest, temporaryDir, TEST_API_KEY, validPayloads } from './support/forms-test-app.ts'
import { makeTinyDist } from './support/tiny-site.ts'
import { wholeApp } from './support/whole-app.ts'
import { shippedForms } from '../helpers/shipped-forms.ts'

cleanUpAfterEachTest()

type FormName = keyof typeof validPayloads
type Http = ReturnType<typeof request>
interface Operation {
  responses: Record<string, { headers?: Record<string, { $ref: string }>; content?: Record<string, { examples?: Record<string, unknown> }> }>
}
// The description the server builds for this company's forms; it sends it at /api/openapi.json.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read as plain JSON, key by key
const openApiDocument = buildOpenApiDocument(formDefinitionsOf(shippedForms).values()) as any
const document = openApiDocument as unknown as { paths: Record<string, { post: Operation; options: Operation }>; components: { headers: Record<string, { required?: boolean }> } }

/** The app with a disk outbox (delivery not started: nothing here is about mail), or with whatever the options change. */
async function appWith(options: Partial<FormsServiceOptions> = {}): Promise<Http> {
  return (await wholeApp({ transport: { sendMail: async () => ({ response: '250 OK' }) }, ...options })).http
}

const post = (http: Http, form: FormName) => http.post(`/api/${form}`).set('x-api-key', TEST_API_KEY)

/**
 * How to make the server give each answer the description documents, by its error code ("accepted"
 * for the 200). Each may build its own app: a rate limit of one, an outbox that cannot be written,
 * a Redis that does not answer.
 */
const provoke: Record<string, (form: FormName, http: Http) => Promise<request.Response>> = {
  accepted: (form, http) => post(http, form).send(validPayloads[form]),
  invalid_fields: (form, http) => post(http, form).send({}),
  malformed_json: (form, http) => post(http, form).type('application/json').send('{"name": '),
  invalid_idempotency_key: (form, http) => post(http, form).set('Idempotency-Key', 'two words').send(validPayloads[form]),
  malformed_multipart: (form, http) => post(http, form).set('content-type', 'multipart/form-data').send('--x\r\n'),
  unauthorized: (form, http) => http.post(`/api/${form}`).send(validPayloads[form]),
  method_not_allowed: (form, http) => http.get(`/api/${form}`),
  payload_too_large: (form, http) => post(http, form).send({ ...validPayloads[form], message: 'x'.repeat(40 * 1024) }),
  file_too_large(form, http) {
    const { resume: _name, ...fields } = validPayloads.career
    return post(http, form)
      .field(fields)
      .attach('resume', Buffer.alloc(UPLOAD_LIMIT_BYTES + 100 * 1024, 0x25), 'cv.pdf')
  },
  unsupported_content_type: (form, http) => post(http, form).type('text/plain').send('name=Asha'),
  async rate_limited(form) {
    const limited = await appWith({ rateLimitPerMinute: 1 })
    await post(limited, form).send(validPayloads[form])
    return post(limited, form).send(validPayloads[form])
  },
  async internal_error(form) {
    // The outbox folder is a file: storing fails in a way no answer of the visitor's explains.
    const dir = await temporaryDir()
    await writeFile(join(dir, 'not-a-folder'), '')
    return post(await appWith({ outboxDir: join(dir, 'not-a-folder') }), form).send(validPayloads[form])
  },
  async queue_unavailable(form) {
    // Redis configured but not answering: nothing can be stored, the server says so with 503.
    return post(await appWith({ redisUrl: `redis://127.0.0.1:${await freePort()}` }), form).send(validPayloads[form])
  },
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
ajv.addSchema(openApiDocument, 'openapi.json')
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
const responseValidator = (path: string, status: string) =>
  ajv.getSchema(`openapi.json#/${pointer('paths', path, 'post', 'responses', status, 'content', 'application/json', 'schema')}`)!

describe('the OpenAPI description of the form API', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(openApiDocument) as Record<string, unknown>)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('is served at /api/openapi.json, cacheable and revalidated by its ETag', async () => {
    const http = await appWith()
    const answer = await http.get('/api/openapi.json')
    expect(answer.status).toBe(200)
    expect(answer.type).toBe('application/json')
    expect(answer.body).toEqual(openApiDocument)
    expect(answer.headers['cache-control']).toBe('public, max-age=3600')
    const again = await http.get('/api/openapi.json').set('If-None-Match', answer.headers.etag!)
    expect(again.status).toBe(304)
  })

  it('shares the /api/ router with the forms: another method there is 405 with its own Allow, in the API JSON shape', async () => {
    const http = await appWith()
    const post = await http.post('/api/openapi.json').send({})
    expect(post.status).toBe(405)
    expect(post.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD'])
    expect(post.body).toMatchObject({ success: false, error: 'method_not_allowed', message: expect.stringContaining('GET') })
    expect((await http.head('/api/openapi.json')).status).toBe(200)
    const beside = await http.get('/api/openapi.yaml')
    expect(beside.status).toBe(404)
    expect(beside.body).toMatchObject({ success: false, error: 'not_found', message: expect.stringContaining('/api/contact, /api/quote and /api/career') })
  })

  it('answers under /api/ even in an app without the forms: JSON 404, never a page', async () => {
    const http = request(createApp({ distDir: makeTinyDist(), log: memoryLog().log }).callback())
    expect((await http.get('/api/openapi.json')).status).toBe(200)
    const contact = await http.post('/api/contact').send(validPayloads.contact)
    expect(contact.status).toBe(404)
    expect(contact.type).toBe('application/json')
  })

  it('describes each form endpoint, the JSON payload as the form schema is, and the résumé as a file part', () => {
    expect(Object.keys(document.paths).sort()).toEqual(['/api/career', '/api/contact', '/api/quote'])
    const career = openApiDocument.paths['/api/career'].post.requestBody.content
    expect(career['application/json'].schema).toEqual({ $ref: '#/components/schemas/CareerPayload' })
    expect(career['multipart/form-data'].schema).toEqual({ $ref: '#/components/schemas/CareerUpload' })
    expect(openApiDocument.components.schemas.CareerUpload.properties.resume).toMatchObject({ contentMediaType: 'application/octet-stream' })
    expect(openApiDocument.components.schemas.CareerUpload.properties.name).toEqual({ $ref: '#/components/schemas/CareerPayload/properties/name' })
    expect(openApiDocument.paths['/api/contact'].post.requestBody.content).not.toHaveProperty('multipart/form-data')
  })

  it('accepts, as request bodies, the payloads the server accepts', () => {
    for (const form of Object.keys(validPayloads) as FormName[]) {
      const validate = ajv.getSchema(`openapi.json#/${pointer('paths', `/api/${form}`, 'post', 'requestBody', 'content', 'application/json', 'schema')}`)!
      expect(validate(validPayloads[form]), `${form}: ${JSON.stringify(validate.errors)}`).toBe(true)
      expect(validate({ ...validPayloads[form], unknown: 1 })).toBe(false)
    }
  })

  // Every documented answer of every endpoint, provoked on a running app and checked against its schema.
  for (const form of Object.keys(validPayloads) as FormName[]) {
    const path = `/api/${form}`
    it(`${path}: the server gives each documented answer as documented`, async () => {
      const http = await appWith()
      const { responses } = document.paths[path]!.post
      const provokedStatuses = new Set<string>()
      for (const [status, response] of Object.entries(responses)) {
        const codes = Object.keys(response.content?.['application/json']?.examples ?? {})
        for (const code of codes.filter((documented) => provoke[documented])) {
          const answer = await provoke[code]!(form, http)
          const where = `${path} ${code}`
          expect(answer.status, where).toBe(Number(status))
          expect(answer.type, where).toBe('application/json')
          if (code !== 'accepted') expect(answer.body.error, where).toBe(code)
          const validate = responseValidator(path, status)
          expect(validate(answer.body), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true)
          for (const [name, header] of Object.entries(response.headers ?? {})) {
            const required = document.components.headers[header.$ref.split('/').pop()!]?.required
            if (required) expect(answer.headers[name.toLowerCase()], `${where}: ${name}`).toBeTruthy()
          }
          provokedStatuses.add(status)
        }
      }
      // Each documented status was given by the server at least once.
      expect([...provokedStatuses].sort()).toEqual(Object.keys(responses).sort())

      const options = await http.options(path)
      expect(Object.keys(document.paths[path]!.options.responses)).toEqual(['204'])
      expect(options.status).toBe(204)
      expect(options.headers.allow).toContain('POST')
    }, 30_000)
  }

  it('a body the description calls wrong is wrong: the schemas are not so loose that anything passes', () => {
    const validate = responseValidator('/api/contact', '400')
    expect(validate({ success: false, message: 'x', error: 'invalid_fields' })).toBe(false) // no data
    expect(validate({ success: true, message: 'x', error: 'malformed_json' })).toBe(false)
    expect(validate({ success: false, message: 'x', error: 'rate_limited' })).toBe(false)
    expect(responseValidator('/api/contact', '200')({ success: true, message: 'x', data: {} })).toBe(false)
    expect(responseValidator('/api/contact', '200')({ success: true, message: 'x', data: { reference: 'contact-1' }, stack: 'at …' })).toBe(false)
  })
})
