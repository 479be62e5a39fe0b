import { API_KEY_HEADER } from '../forms/api-key.ts'
import type { FormDefinition } from '../forms/form-definitions.ts'
import { IDEMPOTENCY_HEADER, VISIBLE_ASCII_KEY } from '../forms/forms-middleware.ts'
import { FILE_KINDS, kindsInCapitals, type FileKind } from '../../site/form-rules.ts'
import { PROOF_OF_WORK_KEY, proofOfWorkEndpoint } from '../../site/form-payload.ts'
import { HEADERS, JSON_TYPE, MULTIPART_TYPE, pascal, ref, responsesOf, type Schema } from './openapi-answers.ts'

/**
 * The OpenAPI 3.1 description of the form API, built when the server starts from what it uses
 * itself: each declared form's payload schema (derived from the config, embedded as it is), the
 * answers of server/forms/answers.ts (each status, error code and example is an answer the server
 * builds) and the server's limits and header names. The server sends it at GET /api/openapi.json.
 */

/** The multipart body: the payload's own fields by reference, the file field as the file itself. */
function uploadSchema(form: FormDefinition, file: NonNullable<FormDefinition['file']>): Schema {
  const payloadName = `${pascal(form.name)}Payload`
  const properties = form.schema.properties
  return {
    description: `The ${form.name} form as multipart/form-data: the text fields of ${payloadName}, and the part named \`${file.name}\` holding the file, whose file name then stands for the \`${file.name}\` field.`,
    type: 'object',
    required: form.schema.required,
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.keys(properties).map((field) => [
        field,
        field === file.name
          ? {
              description: `The file itself: ${kindsInCapitals(file.endings)} (checked by its content), at most ${+(file.limitBytes / (1024 * 1024)).toFixed(2)} MB.`,
              contentMediaType: 'application/octet-stream',
            }
          : { $ref: `#/components/schemas/${payloadName}/properties/${field}` },
      ]),
    ),
  }
}

function operationsOf(form: FormDefinition, schemas: Record<string, Schema>): Schema {
  const payloadName = `${pascal(form.name)}Payload`
  schemas[payloadName] = { ...form.schema }
  const content: Schema = { [JSON_TYPE]: { schema: ref(payloadName) } }
  if (form.file) {
    schemas[`${pascal(form.name)}Upload`] = uploadSchema(form, form.file)
    const types = [...new Set(form.file.endings.map((ending) => FILE_KINDS[ending as FileKind]))]
    content[MULTIPART_TYPE] = { schema: ref(`${pascal(form.name)}Upload`), encoding: { [form.file.name]: { contentType: types.join(', ') } } }
  }
  return {
    post: {
      operationId: `submit${pascal(form.name)}`,
      summary: `Send the ${form.name} form`,
      description: String(form.schema.description),
      tags: ['forms'],
      security: [{ apiKey: [] }],
      parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
      requestBody: { required: true, content },
      responses: responsesOf(form, schemas),
    },
    options: {
      operationId: `${form.name}Options`,
      summary: 'The methods this address takes',
      tags: ['forms'],
      responses: { 204: { description: 'No content; `Allow` names the method.', headers: { Allow: { $ref: '#/components/headers/Allow' } } } },
    },
  }
}

/** GET /api/altcha/<form> of a form with a proof of work: ALTCHA's challenge, as altcha-lib makes it. */
function challengeOperation(form: FormDefinition, schemas: Record<string, Schema>): Schema {
  schemas.AltchaChallenge ??= {
    description: `An ALTCHA proof-of-work challenge (PBKDF2/SHA-256), signed by the server. Solve it (altcha-lib's solveChallenge, or the ALTCHA widget) and send the base64 of the JSON { challenge, solution } as the form's \`${PROOF_OF_WORK_KEY}\` field; it is taken once, within 30 minutes.`,
    type: 'object',
    required: ['parameters', 'signature'],
    properties: {
      parameters: { type: 'object', description: 'algorithm, cost, nonce, salt, keyLength, keyPrefix, keySignature, expiresAt (Unix seconds) and data (the form).' },
      signature: { type: 'string', description: "The server's HMAC of the parameters." },
    },
  }
  return {
    get: {
      operationId: `${form.name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Challenge`,
      summary: `A proof-of-work challenge for the ${form.name} form`,
      tags: ['forms'],
      responses: {
        200: { description: 'A new challenge; never cached.', content: { [JSON_TYPE]: { schema: ref('AltchaChallenge') } } },
        429: { description: 'Too many challenges asked from this address within a minute.', content: { [JSON_TYPE]: { schema: ref('FormAnswer') } } },
      },
    },
  }
}

export function buildOpenApiDocument(forms: Iterable<FormDefinition>): Schema {
  const schemas: Record<string, Schema> = {
    FormAnswer: {
      description: 'Every answer of the form endpoints. `message` is written for the visitor and shown as is; `error` is a stable code for programs; `data` carries details.',
      type: 'object',
      required: ['success', 'message'],
      additionalProperties: false,
      properties: {
        success: { type: 'boolean' },
        message: { type: 'string' },
        error: { type: 'string' },
        data: { type: 'object' },
      },
    },
  }
  const paths = Object.fromEntries(
    [...forms].flatMap((form) => [[form.path, operationsOf(form, schemas)], ...(form.altcha ? [[proofOfWorkEndpoint(form.name), challengeOperation(form, schemas)]] : [])]),
  )
  return {
    openapi: '3.1.0',
    info: {
      title: 'Form API',
      version: '1',
      description:
        "The site's forms, each a POST of its payload, as JSON or (a form with a file field, with the file) as multipart/form-data. A taken submission is stored durably and delivered as mail. Built by the server from the forms its site declares (site.config.json) and from its own answers.",
    },
    tags: [{ name: 'forms', description: 'Form submissions' }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a === 'FormAnswer' ? -1 : b === 'FormAnswer' ? 1 : a.localeCompare(b)))),
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER.replace(/(^|-)(\w)/g, (_, dash: string, letter: string) => dash + letter.toUpperCase()),
          in: 'header',
          required: false,
          description:
            'Makes a retry safe: the first submission with this key is stored and answered; any repeat (of the same form) gets that first answer again and stores nothing. Only a success is remembered, so a refused submission can be corrected and sent with the same key.',
          schema: { type: 'string', pattern: VISIBLE_ASCII_KEY.source },
        },
      },
      headers: HEADERS,
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: API_KEY_HEADER,
          description: "The site's shared key (API_KEY, the config's `site.apiKey`): it ships with every page, so it keeps casual scripts out rather than being a secret.",
        },
      },
    },
  }
}
