import careerSchema from '../../schemas/forms/career.schema.json' with { type: 'json' };
import contactSchema from '../../schemas/forms/contact.schema.json' with { type: 'json' };
import quoteSchema from '../../schemas/forms/quote.schema.json' with { type: 'json' };
import type { FormName } from './formNames.ts';
import { ANTI_SPAM_FIELDS } from './spamGuard.ts';

/** Everything the server knows about one form; the payload shape itself lives in its schema. */
export interface FormDefinition {
  name: FormName;
  path: `/api/${FormName}`;
  schema: Record<string, unknown>;
  /** Specification §8, shown by the browser as is. */
  successMessage: string;
  /** Only the career form uploads a file. */
  acceptsMultipart: boolean;
  /** "Contact form" in "Contact form: Asha Roy — services". */
  mailSubjectPrefix: string;
  /** The one field after the name in the subject. */
  subjectDetailField: string;
  /** Payload fields in schema order with their schema titles (anti-spam fields left out). */
  fieldTitles: Record<string, string>;
}

type SchemaWithProperties = { properties: Record<string, { title?: string }> };

function titlesOf(schema: SchemaWithProperties): Record<string, string> {
  return Object.fromEntries(
    Object.entries(schema.properties)
      .filter(([field]) => !(ANTI_SPAM_FIELDS as readonly string[]).includes(field))
      .map(([field, property]) => [field, property.title ?? field]),
  );
}

function define(
  name: FormName,
  schema: SchemaWithProperties,
  rest: Pick<FormDefinition, 'successMessage' | 'acceptsMultipart' | 'mailSubjectPrefix' | 'subjectDetailField'>,
): FormDefinition {
  return { name, path: `/api/${name}`, schema, fieldTitles: titlesOf(schema), ...rest };
}

export const FORM_DEFINITIONS: Record<FormName, FormDefinition> = {
  contact: define('contact', contactSchema, {
    successMessage: "Message sent successfully! We'll respond within 24 hours.",
    acceptsMultipart: false,
    mailSubjectPrefix: 'Contact form',
    subjectDetailField: 'subject',
  }),
  quote: define('quote', quoteSchema, {
    successMessage: "Quote request submitted! We'll send your custom quote within 24 hours.",
    acceptsMultipart: false,
    mailSubjectPrefix: 'Quote request',
    subjectDetailField: 'company',
  }),
  career: define('career', careerSchema, {
    successMessage: "Application submitted successfully! We'll review your application and get back to you soon.",
    acceptsMultipart: true,
    mailSubjectPrefix: 'Career application',
    subjectDetailField: 'position',
  }),
};

export const formForPath = (path: string): FormDefinition | undefined =>
  Object.values(FORM_DEFINITIONS).find((definition) => definition.path === path);
