import careerSchema from '../../schemas/forms/career.schema.json' with { type: 'json' }
import contactSchema from '../../schemas/forms/contact.schema.json' with { type: 'json' }
import quoteSchema from '../../schemas/forms/quote.schema.json' with { type: 'json' }
import type { FormName } from './form-names.ts'

/** Everything the server knows about one form; the payload shape itself lives in its schema. */
export interface FormDefinition {
  name: FormName
  path: `/api/${FormName}`
  schema: Record<string, unknown>
  /** Specification §8, shown by the browser as is. */
  successMessage: string
  /** Only the career form uploads a file. */
  acceptsMultipart: boolean
  /** "Contact form" in "Contact form: Asha Roy — services". */
  mailSubjectPrefix: string
  /** The one field after the name in the subject. */
  subjectDetailField: string
  /** Row labels of the e-mail body, one per payload field in schema order (a test keeps them in step). */
  mailLabels: Record<string, string>
}

const define = (definition: Omit<FormDefinition, 'path'>): FormDefinition => ({
  ...definition,
  path: `/api/${definition.name}`,
})

const person = { name: 'Name', email: 'E-mail', phone: 'Phone' }

export const FORM_DEFINITIONS: Record<FormName, FormDefinition> = {
  contact: define({
    name: 'contact',
    schema: contactSchema,
    successMessage: "Message sent successfully! We'll respond within 24 hours.",
    acceptsMultipart: false,
    mailSubjectPrefix: 'Contact form',
    subjectDetailField: 'subject',
    mailLabels: { ...person, subject: 'Subject', message: 'Message' },
  }),
  quote: define({
    name: 'quote',
    schema: quoteSchema,
    successMessage: "Quote request submitted! We'll send your custom quote within 24 hours.",
    acceptsMultipart: false,
    mailSubjectPrefix: 'Quote request',
    subjectDetailField: 'company',
    mailLabels: { ...person, company: 'Organization', service: 'Service', message: 'Details' },
  }),
  career: define({
    name: 'career',
    schema: careerSchema,
    successMessage: "Application submitted successfully! We'll review your application and get back to you soon.",
    acceptsMultipart: true,
    mailSubjectPrefix: 'Career application',
    subjectDetailField: 'position',
    mailLabels: { ...person, position: 'Position', resume: 'Resume file name' },
  }),
}
