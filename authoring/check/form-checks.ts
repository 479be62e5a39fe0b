import { dateRuleFindings } from './date-rule-checks.ts'
import { errorCatalogue, say, type Said } from './error-catalogue.ts'
import type { Finding } from './problem.ts'
import type { JsonPath, SourcePositions } from './source-positions.ts'
import { limitedGuesses, type Guess } from './suggest.ts'
import { isRecord, walk } from './walk.ts'
import { payloadTemplates, fieldOfTemplate, RESERVED_FIELD_NAMES } from '../../site/form-payload.ts'
import type { SiteForm } from '../../site/generated/site-config.ts'
import { placeholdersOf } from '../../site/text-template.ts'

/**
 * A form's declaration is the one source of what its endpoint accepts (site/form-payload.ts), so
 * what the schema cannot see is checked here, before a build publishes a form the server would
 * refuse or misread:
 * - a form block naming a form that is not declared (it would have no endpoint);
 * - two fields of one name, or a second file field (the payload could not hold both);
 * - a field or payload key the server keeps for itself (its spam checks, an object's prototype);
 * - a {placeholder}, subjectField or mail label naming nothing the form has;
 * - a confirmation mail from a form that sends no e-mail address to send it to;
 * - a date field's rules that allow no day, and date rules on a field that is not a date.
 */
export function formFindings(data: unknown, positions: SourcePositions): Finding[] {
  const findings: Finding[] = []
  const add = (said: Said, path: JsonPath, wherePath: JsonPath = path.slice(0, -1)) => findings.push({ ...said, wherePath, valuePath: path, ...positions.valuePosition(path) })
  const forms = isRecord(data) && isRecord(data.forms) ? data.forms : {}
  const declared = Object.keys(forms)
  const guess = limitedGuesses()

  for (const [path, value] of walk(data)) {
    if (path[0] !== 'routes' || !isRecord(value) || value.type !== 'form' || typeof value.form !== 'string' || Object.hasOwn(forms, value.form)) continue
    add(say(errorCatalogue.unknownForm, { form: value.form, declared, guess: guess(value.form, declared) }), [...path, 'form'], path)
  }
  for (const [name, form] of Object.entries(forms)) if (isRecord(form)) declarationFindings(name, form, add, guess)
  return findings
}

type Add = (said: Said, path: JsonPath, wherePath?: JsonPath) => void

function declarationFindings(form: string, declaration: Record<string, unknown>, add: Add, guess: Guess): void {
  const fields = Array.isArray(declaration.fields) ? declaration.fields.filter(isRecord) : []
  const names = fields.map((field) => field.name).filter((name): name is string => typeof name === 'string')
  const hasName = new Set(names)
  const at = (...rest: Array<string | number>): JsonPath => ['forms', form, ...rest]

  const seen = new Set<string>()
  let fileField: string | undefined
  fields.forEach((field, index) => {
    const name = field.name
    if (typeof name !== 'string') return
    if (seen.has(name)) add(say(errorCatalogue.duplicateFormField, { form, field: name }), at('fields', index, 'name'))
    seen.add(name)
    if (RESERVED_FIELD_NAMES.includes(name)) add(say(errorCatalogue.reservedFormField, { form, field: name, reserved: [...RESERVED_FIELD_NAMES] }), at('fields', index, 'name'))
    if (field.input === 'file') {
      if (fileField !== undefined) add(say(errorCatalogue.twoFileFields, { form, field: name }), at('fields', index, 'input'))
      fileField ??= name
    }
    dateRuleFindings(form, field, at('fields', index), add)
  })

  // A field whose name the schema refuses is reported there; what refers to it would only repeat that.
  const namesReadable = names.every((name) => /^[A-Za-z][A-Za-z0-9_]*$/.test(name))
  const unknownField = (template: unknown, path: JsonPath) => {
    if (typeof template !== 'string' || !namesReadable) return
    for (const placeholder of placeholdersOf(template))
      if (!hasName.has(placeholder))
        add(say(errorCatalogue.unknownFormName, { form, name: `{${placeholder}}`, known: names, kind: 'field', guess: guess(placeholder, names) }), path)
  }
  unknownField(declaration.fallbackSubject, at('fallbackSubject'))
  const payload = isRecord(declaration.payload) ? declaration.payload : undefined
  for (const [key, template] of Object.entries(payload ?? {})) {
    if (RESERVED_FIELD_NAMES.includes(key)) add(say(errorCatalogue.reservedFormField, { form, field: key, reserved: [...RESERVED_FIELD_NAMES] }), at('payload', key))
    unknownField(template, at('payload', key))
  }

  // What the form sends: the payload's keys (or every field but the file by its name), and the file field.
  const sent = [...(payload ? Object.keys(payload) : names.filter((name) => name !== fileField)), ...(fileField ? [fileField] : [])]
  const isSent = new Set(sent)
  const unknownKey = (key: string, path: JsonPath) =>
    namesReadable && add(say(errorCatalogue.unknownFormName, { form, name: key, known: sent, kind: 'key', guess: guess(key, sent) }), path)
  const mail = isRecord(declaration.mail) ? declaration.mail : {}
  if (typeof mail.subjectField === 'string' && !isSent.has(mail.subjectField)) unknownKey(mail.subjectField, at('mail', 'subjectField'))
  for (const key of Object.keys(isRecord(mail.labels) ? mail.labels : {})) if (!isSent.has(key)) unknownKey(key, at('mail', 'labels', key))
  if (isRecord(declaration.confirmation)) confirmationFindings(form, declaration, sent, namesReadable, add, guess)
}

/** The confirmation goes to the address an e-mail field sends, and its placeholders are the keys sent (the visitor's values). */
function confirmationFindings(form: string, declaration: Record<string, unknown>, sent: string[], namesReadable: boolean, add: Add, guess: Guess): void {
  const at = (...rest: string[]): JsonPath => ['forms', form, 'confirmation', ...rest]
  const confirmation = declaration.confirmation as Record<string, unknown>
  const isSent = new Set(sent)
  for (const part of ['subject', 'text']) {
    const template = confirmation[part]
    if (typeof template !== 'string' || !namesReadable) continue
    for (const placeholder of placeholdersOf(template))
      if (!isSent.has(placeholder))
        add(say(errorCatalogue.unknownFormName, { form, name: `{${placeholder}}`, known: sent, kind: 'sent', guess: guess(placeholder, sent) }), at(part))
  }
  // Read as the server reads it: the first payload key that is exactly an e-mail field.
  const fields = Array.isArray(declaration.fields) ? declaration.fields.filter(isRecord) : []
  const shape = { fields, ...(isRecord(declaration.payload) ? { payload: declaration.payload } : {}) } as unknown as SiteForm
  const sendsAddress = Object.values(payloadTemplates(shape)).some((template) => typeof template === 'string' && fieldOfTemplate(shape, template)?.input === 'email')
  if (!sendsAddress) add(say(errorCatalogue.confirmationWithoutEmail, { form }), ['forms', form, 'confirmation'], ['forms', form])
}
