import { formSchemas, type FormName } from '../../site/generated/forms.ts'
import { formPath } from './form-path.ts'
import { RESUME_FIELD } from './read-multipart-body.ts'

/**
 * Everything the server knows about one form, read from its payload schema in schemas/forms/
 * (one file per form): the payload's shape, and as annotations what the answer and the e-mail say.
 */
export interface FormDefinition {
  name: FormName
  path: ReturnType<typeof formPath>
  schema: Record<string, unknown>
  /** `x-successMessage`: what the browser shows the visitor as is once the submission is accepted. */
  successMessage: string
  /** Only a form with a résumé field takes the file itself, as multipart/form-data. */
  acceptsMultipart: boolean
  /** `x-mail.subjectPrefix`: "Contact form" in "Contact form: Asha Roy — services". */
  mailSubjectPrefix: string
  /** `x-mail.subjectDetailField`: the one field after the name in the subject. */
  subjectDetailField: string
  /** `x-mailLabel` of each field, in schema order: the rows of the e-mail body (fields without one stay out). */
  mailLabels: Record<string, string>
}

interface AnnotatedFormSchema {
  'x-successMessage': string
  'x-mail': { subjectPrefix: string; subjectDetailField: string }
  properties: Record<string, { 'x-mailLabel'?: string } | object>
}

function definitionOf(name: FormName, schema: AnnotatedFormSchema): FormDefinition {
  const labelled = Object.entries(schema.properties).flatMap(([field, rule]) => ('x-mailLabel' in rule && rule['x-mailLabel'] ? [[field, rule['x-mailLabel']]] : []))
  return {
    name,
    path: formPath(name),
    schema: schema as unknown as Record<string, unknown>,
    successMessage: schema['x-successMessage'],
    acceptsMultipart: RESUME_FIELD in schema.properties,
    mailSubjectPrefix: schema['x-mail'].subjectPrefix,
    subjectDetailField: schema['x-mail'].subjectDetailField,
    mailLabels: Object.fromEntries(labelled),
  }
}

export const FORM_DEFINITIONS = Object.fromEntries(Object.entries(formSchemas).map(([name, schema]) => [name, definitionOf(name as FormName, schema)])) as Record<
  FormName,
  FormDefinition
>
