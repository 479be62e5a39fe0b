import { fileNamePattern, REQUIRED_PATTERN, type FieldFormat } from './form-rules.ts'
import type { FormField, SiteForm } from './generated/site-config.ts'
import { placeholdersOf } from './text-template.ts'

/**
 * What POST /api/<form> takes, derived from the form's one declaration in site.config.json: the
 * server validates with it (ajv), the browser with its own few lines (blocks/form/payload-check.ts),
 * the checker reads it to refuse a declaration that could never be sent, and the OpenAPI document
 * embeds it. Nothing per form is written anywhere else, so a new form is a new entry in the config.
 */

/** The config's forms section: each declared form by its name (site.config.json, as the build hands it to the server). */
export type SiteForms = Record<string, SiteForm>

export interface TextRule {
  type: 'string'
  description: string
  minLength?: number
  /** Every text has a bound but a choice, whose list bounds it. */
  maxLength?: number
  pattern?: string
  format?: FieldFormat
  enum?: string[]
}

export interface ChoicesRule {
  type: 'array'
  description: string
  items: { type: 'string'; enum: string[] }
  uniqueItems: true
  minItems?: number
  maxItems: number
}

interface CountRule {
  type: 'integer'
  description: string
  minimum: number
  maximum: number
}

export type PayloadRule = TextRule | ChoicesRule | CountRule

export interface PayloadSchema {
  title: string
  description: string
  type: 'object'
  required: string[]
  additionalProperties: false
  properties: Record<string, PayloadRule>
}

/** The honeypot and the timing the server reads for its spam checks (server/forms/spam-guard.ts): no field may take their names. */
export const ANTI_SPAM_KEYS = ['website', 'fillTimeMs'] as const

/** Where a form with `altcha` on sends its proof of work: the ALTCHA payload (base64 of its JSON), as the ALTCHA widget names it. */
export const PROOF_OF_WORK_KEY = 'altcha'

/** The keys the server reads for itself and never mails or forwards: the anti-spam fields and the proof of work. */
export const SERVER_KEYS: readonly string[] = [...ANTI_SPAM_KEYS, PROOF_OF_WORK_KEY]

/** Names the API keeps for itself: the anti-spam keys, the proof-of-work answer, and names that would reach an object's prototype. */
export const RESERVED_FIELD_NAMES: readonly string[] = [...SERVER_KEYS, 'constructor', 'prototype', '__proto__', 'hasOwnProperty', 'toString', 'valueOf']

/** Longest value of each kind of text input unless the field says otherwise (an e-mail address is at most 254 by its standard). */
const DEFAULT_MAX_LENGTH = { text: 120, tel: 40, textarea: 5000 } as const
const EMAIL_MAX_LENGTH = 254
/** A value made of fixed text and fields: one line, or several (it spans lines or takes a textarea). */
const COMPOSED_MAX_LENGTH = { oneLine: 200, lines: 5000 } as const
const FILE_NAME_MAX_LENGTH = 255
const HONEYPOT_MAX_LENGTH = 200
/** A week: longer than any visitor keeps a form open. */
const FILL_TIME_MAX_MS = 7 * 24 * 60 * 60 * 1000
/** An ALTCHA payload (a signed challenge and its solution, base64) is about 600 characters. */
const PROOF_OF_WORK_MAX_LENGTH = 2000

export const fileFieldOf = (form: SiteForm): FormField | undefined => form.fields.find((field) => field.input === 'file')

/** The payload's keys and the text each is made from: the config's mapping, or every field but the file under its own name. */
export function payloadTemplates(form: SiteForm): Record<string, string> {
  if (form.payload) return form.payload
  return Object.fromEntries(form.fields.filter((field) => field.input !== 'file').map((field) => [field.name, `{${field.name}}`]))
}

/** The field a template is exactly, when it is one field's value and nothing else ("{organization}"). */
export function fieldOfTemplate(form: SiteForm, template: string): FormField | undefined {
  const name = /^\{([A-Za-z][A-Za-z0-9_]*)\}$/.exec(template)?.[1]
  return name === undefined ? undefined : form.fields.find((field) => field.name === name)
}

/** Filled in, not only spaces: what "required" means for a typed text. */
const filledIn = { minLength: 1, pattern: REQUIRED_PATTERN } as const

function fieldRule(field: FormField): PayloadRule {
  const description = `${field.label}${field.hint ? ` (${field.hint})` : ''}.`
  const required = field.required === true
  switch (field.input) {
    case 'email':
      return { type: 'string', description, format: 'email', maxLength: EMAIL_MAX_LENGTH }
    case 'select':
      return { type: 'string', description, enum: (field.options ?? []).map((option) => option.value) }
    case 'checkboxes': {
      const values = (field.options ?? []).map((option) => option.value)
      return { type: 'array', description, items: { type: 'string', enum: values }, uniqueItems: true, ...(required ? { minItems: 1 } : {}), maxItems: values.length }
    }
    case 'date':
      return { type: 'string', description, format: 'date', maxLength: 10 }
    case 'file': {
      const endings = (field.accept ?? []).map((ending) => ending.slice(1))
      // The shortest name with a stem: "a.pdf".
      const minLength = 2 + Math.min(...endings.map((ending) => ending.length))
      return { type: 'string', description: `${description} The file's name.`, minLength, maxLength: FILE_NAME_MAX_LENGTH, pattern: fileNamePattern(endings) }
    }
    case 'textarea':
      return { type: 'string', description, ...(required ? filledIn : {}), maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH.textarea }
    default:
      return { type: 'string', description, ...(required ? filledIn : {}), format: 'single-line', maxLength: field.maxLength ?? DEFAULT_MAX_LENGTH[field.input] }
  }
}

/** A value made of fixed text, or of fixed text and fields: always present, one line unless it spans lines or takes a textarea. */
function composedRule(form: SiteForm, template: string): TextRule {
  const sources = placeholdersOf(template).map((name) => form.fields.find((field) => field.name === name))
  const lines = template.includes('\n') || sources.some((field) => field?.input === 'textarea')
  const description = sources.length === 0 ? `Always "${template}".` : `Made of ${sources.map((field) => field?.label ?? '?').join(', ')}.`
  return lines
    ? { type: 'string', description, ...filledIn, maxLength: COMPOSED_MAX_LENGTH.lines }
    : { type: 'string', description, ...filledIn, format: 'single-line', maxLength: COMPOSED_MAX_LENGTH.oneLine }
}

/** Whether a key must be sent: a required field's, a file field's when required, and every composed or fixed value. */
function isRequired(form: SiteForm, template: string): boolean {
  const field = fieldOfTemplate(form, template)
  return field ? field.required === true : true
}

export function payloadSchemaOf(name: string, form: SiteForm): PayloadSchema {
  const templates = Object.entries(payloadTemplates(form))
  const file = fileFieldOf(form)
  const properties: Record<string, PayloadRule> = {}
  for (const [key, template] of templates) {
    const field = fieldOfTemplate(form, template)
    properties[key] = field ? fieldRule(field) : composedRule(form, template)
  }
  if (file) properties[file.name] = fieldRule(file)
  properties.website = {
    type: 'string',
    description: 'Anti-spam honeypot, hidden from people: leave it out or empty. With text in it the server answers success but sends nothing.',
    maxLength: HONEYPOT_MAX_LENGTH,
  }
  properties.fillTimeMs = {
    type: 'integer',
    description: "Anti-spam timing: milliseconds from the form appearing to the submit, measured in the browser. Below the server's minimum it answers success but sends nothing.",
    minimum: 0,
    maximum: FILL_TIME_MAX_MS,
  }
  if (form.altcha)
    properties[PROOF_OF_WORK_KEY] = {
      type: 'string',
      description: `Proof of work (ALTCHA): the base64 of the JSON { challenge, solution } for a challenge from GET ${proofOfWorkEndpoint(name)}, solved. Each challenge is taken once and expires.`,
      minLength: 1,
      maxLength: PROOF_OF_WORK_MAX_LENGTH,
    }
  const required = [
    ...templates.filter(([, template]) => isRequired(form, template)).map(([key]) => key),
    ...(file?.required ? [file.name] : []),
    ...(form.altcha ? [PROOF_OF_WORK_KEY] : []),
  ]
  return {
    title: `${name} form`,
    description: `What the ${name} form sends to POST /api/${name}${file ? `, as JSON (the file's name only) or as multipart/form-data with the file in the part named ${file.name}` : ''}.`,
    type: 'object',
    required,
    additionalProperties: false,
    properties,
  }
}

/**
 * An optional value left empty ("" or no choice) is the same as one not sent: the contact form's
 * blank phone passes, and an empty optional e-mail or date is not "invalid". Both the browser and
 * the server drop them before checking, so they agree.
 */
export function withoutEmptyOptionals(schema: PayloadSchema, payload: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const empty = (value: unknown) => value === '' || (Array.isArray(value) && value.length === 0)
  return Object.fromEntries(Object.entries(payload).filter(([key, value]) => schema.required.includes(key) || !empty(value)))
}

/** Where a form posts: its name is its address. */
export const formEndpoint = (name: string) => `/api/${name}`

/** Where a form with `altcha` on gets a proof-of-work challenge. */
export const proofOfWorkEndpoint = (name: string) => `/api/altcha/${name}`
