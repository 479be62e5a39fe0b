import type { ConfigEdit } from '../config-edits.ts'
import type { FormatStep } from '../format-step.ts'
import { objectAt } from '../config-edits.ts'

interface OldFormMail {
  subject: string
  subjectField: string
  labels: Record<string, string>
  /** Limits the old fixed payload had above today's default for a one-line text (120). */
  longerThanDefault: Record<string, number>
}

/**
 * What format 2's server wrote for each of its three forms, from payload schemas it kept for
 * them (schemas/forms/<name>.schema.json at the time): the mail's subject, the value after the
 * name in it, each value's label, and the one longer limit. Frozen here because those files are gone.
 */
const oldForms: Record<string, OldFormMail> = {
  contact: {
    subject: 'Contact form',
    subjectField: 'subject',
    labels: { name: 'Name', email: 'E-mail', phone: 'Phone', subject: 'Subject', message: 'Message' },
    longerThanDefault: {},
  },
  quote: {
    subject: 'Quote request',
    subjectField: 'company',
    labels: { name: 'Name', email: 'E-mail', phone: 'Phone', company: 'Organization', service: 'Service', message: 'Details' },
    longerThanDefault: { company: 200 },
  },
  career: {
    subject: 'Career application',
    subjectField: 'position',
    labels: { name: 'Name', email: 'E-mail', phone: 'Phone', position: 'Position', resume: 'Resume file name' },
    longerThanDefault: {},
  },
}

/**
 * Format 2 → 3: forms are declared in the config alone. A form's address is its name (its
 * `endpoint` went), and its mail (subject, subject value, labels) moved from the server's
 * payload schemas into the form's `mail`.
 */
export const formMail: FormatStep = {
  from: 2,
  change: "forms lost endpoint (a form's address is /api/<its name>) and each form's mail moved into forms.<name>.mail",
  edits(config) {
    const edits: ConfigEdit[] = []
    const notes: string[] = []
    for (const [name, form] of Object.entries(objectAt(config, ['forms']) ?? {})) {
      const declared = objectAt(form, [])
      if (!declared) continue
      if ('endpoint' in declared) edits.push({ path: ['forms', name, 'endpoint'], remove: true })
      if ('mail' in declared || !('endpoint' in declared)) continue
      const old = oldForms[name]
      if (!old) {
        notes.push(`forms.${name}: its mail's subject cannot be carried over (format 2 knew only contact, quote and career); write forms.${name}.mail.subject.`)
        continue
      }
      edits.push({ path: ['forms', name, 'mail'], value: { subject: old.subject, subjectField: old.subjectField, labels: old.labels } })
      edits.push(...longerLimits(name, declared, old.longerThanDefault))
    }
    return { edits, notes }
  },
}

/** maxLength on the one-line text field whose value is sent under a key the old payload allowed longer. */
function longerLimits(name: string, form: Record<string, unknown>, limits: Record<string, number>): ConfigEdit[] {
  const fields = Array.isArray(form.fields) ? (form.fields as unknown[]) : []
  const payload = objectAt(form, ['payload'])
  return Object.entries(limits).flatMap(([key, maxLength]) => {
    const source = payload ? /^\{([A-Za-z][A-Za-z0-9_]*)\}$/.exec(String(payload[key] ?? ''))?.[1] : key
    const index = fields.findIndex((field) => objectAt(field, [])?.name === source)
    const field = objectAt(fields[index], [])
    if (!field || (field.input ?? 'text') !== 'text' || 'maxLength' in field) return []
    return [{ path: ['forms', name, 'fields', index, 'maxLength'], value: maxLength }]
  })
}
