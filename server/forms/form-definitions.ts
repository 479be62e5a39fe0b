import type { SiteForm } from '../../site/generated/site-config.ts'
import { fileFieldOf, fieldOfTemplate, formEndpoint, payloadSchemaOf, payloadTemplates, SERVER_KEYS, type PayloadSchema, type SiteForms } from '../../site/form-payload.ts'
import { UPLOAD_LIMIT_BYTES } from '../../site/form-rules.ts'
import type { FormWords } from '../../site/form-words.ts'
import { answersIn, type FormAnswers } from './answers.ts'
import { DEFAULT_FORM_WORDS } from '../../site/default-form-words.ts'

export type { SiteForms }

export interface FileFieldDefinition {
  name: string
  label: string
  /** Accepted endings without their dot: pdf, docx. */
  endings: string[]
  limitBytes: number
}

/**
 * Everything the server knows about one form, derived from its declaration in the config: the
 * payload's schema (site/form-payload.ts, the browser's too), the answer's words and the e-mail's.
 */
export interface FormDefinition {
  name: string
  path: string
  /** A site of several languages: the language of these words when not the default (the form as its pages in that language show it). */
  language?: string
  schema: PayloadSchema
  /** The site's language and texts, which every answer and mail of the form is said in. */
  words: FormWords
  /** The form's answers in those words. */
  answers: FormAnswers
  /** Each payload key's label as the form shows it, for the problems the answer names (the key itself for one no field fills). */
  fieldLabels: Record<string, string>
  /** What the browser shows the visitor as is once the submission is accepted. */
  successMessage: string
  /** Only a form with a file field takes multipart/form-data, and that field is where the file comes. */
  file?: FileFieldDefinition
  /** The keys sent as lists (checkboxes), which a multipart body gives one part per value. */
  listKeys: string[]
  mail: {
    /** "Contact form" in "Contact form: Asha Roy — services". */
    subject: string
    /** The one key after the name in the subject. */
    subjectField?: string
    /** The label of each key shown, in payload order: the rows of the e-mail body. */
    labels: Record<string, string>
    /** The key whose address becomes the Reply-To: the first one an e-mail field fills. */
    replyToKey?: string
    /** The keys a date field fills, written as dates of the site's language. */
    dateKeys: string[]
    words: FormWords
  }
  /** The visitor's confirmation, when the form sends one and has an e-mail field to send it to. */
  confirmation?: { subject: string; text: string; toKey: string; dateKeys: string[]; locale: string }
  /** Each accepted submission is also posted to the form's webhook. */
  webhook: boolean
  /** A submission must carry a solved, unused ALTCHA challenge (its `altcha` key). */
  altcha: boolean
  /** The form as declared: its date fields' rules are judged per request (server/forms/date-checks.ts). */
  declaration: SiteForm
}

const MB = 1024 * 1024

/** Each key's label as the form shows it: the label of the field it is (or its template names), else the key itself. */
function fieldLabelsOf(form: SiteForm, schema: PayloadSchema): Record<string, string> {
  const templates = payloadTemplates(form)
  const fieldLabel = (key: string) => (templates[key] === undefined ? form.fields.find((field) => field.name === key)?.label : fieldOfTemplate(form, templates[key])?.label)
  return Object.fromEntries(Object.keys(schema.properties).map((key) => [key, fieldLabel(key) ?? key]))
}

/** A key's label in the mail: the config's own, else the label of the field it is. */
function mailLabelsOf(form: SiteForm, fieldLabels: Record<string, string>): Record<string, string> {
  const keys = Object.keys(fieldLabels).filter((key) => !SERVER_KEYS.includes(key))
  return Object.fromEntries(keys.map((key) => [key, form.mail.labels?.[key] ?? fieldLabels[key]!]))
}

export function formDefinitionOf(name: string, form: SiteForm, words: FormWords = DEFAULT_FORM_WORDS): FormDefinition {
  const schema = payloadSchemaOf(name, form)
  const fieldLabels = fieldLabelsOf(form, schema)
  const dateKeys = Object.entries(schema.properties).flatMap(([key, rule]) => ('format' in rule && rule.format === 'date' ? [key] : []))
  const templates = Object.entries(payloadTemplates(form))
  const file = fileFieldOf(form)
  const replyToKey = templates.find(([, template]) => fieldOfTemplate(form, template)?.input === 'email')?.[0]
  return {
    name,
    path: formEndpoint(name),
    schema,
    words,
    answers: answersIn(words),
    fieldLabels,
    successMessage: form.successMessage,
    ...(file
      ? {
          file: {
            name: file.name,
            label: file.label,
            endings: (file.accept ?? []).map((ending) => ending.slice(1)),
            limitBytes: Math.min(Math.round((file.maxSizeMb ?? 0) * MB), UPLOAD_LIMIT_BYTES),
          },
        }
      : {}),
    listKeys: Object.entries(schema.properties).flatMap(([key, rule]) => (rule.type === 'array' ? [key] : [])),
    mail: {
      subject: form.mail.subject,
      ...(form.mail.subjectField ? { subjectField: form.mail.subjectField } : {}),
      labels: mailLabelsOf(form, fieldLabels),
      ...(replyToKey ? { replyToKey } : {}),
      dateKeys,
      words,
    },
    ...(form.confirmation && replyToKey ? { confirmation: { ...form.confirmation, toKey: replyToKey, dateKeys, locale: words.locale } } : {}),
    webhook: form.webhook === true,
    altcha: form.altcha === true,
    declaration: form,
  }
}

/** Every declared form's definition, by name, in the site's words. */
export const formDefinitionsOf = (forms: SiteForms, words: FormWords = DEFAULT_FORM_WORDS): Map<string, FormDefinition> =>
  new Map(Object.entries(forms).map(([name, form]) => [name, formDefinitionOf(name, form, words)]))

/** A language's forms and words besides the default's (the build's .site-languages.json). */
export interface LanguageForms {
  forms: SiteForms
  words: FormWords
}

/** The forms' definitions in each language but the default, by language, then by form name. */
export const languageFormDefinitionsOf = (languages: ReadonlyMap<string, LanguageForms>): Map<string, Map<string, FormDefinition>> =>
  new Map(
    [...languages].map(([language, { forms, words }]) => [
      language,
      new Map([...formDefinitionsOf(forms, words)].map(([name, definition]) => [name, { ...definition, language }])),
    ]),
  )
