import type { SiteForm } from './form-definition'
import { chosenFile, textValues, type FormValues } from './payload'
import { fillTemplate } from '../../site/text-template'
import { textsOf } from '../../kit/config'

const formTexts = textsOf('form')

/**
 * The mail fallback: when the server cannot be reached or fails, the visitor's own mail client
 * opens with the submission written out, addressed to the site's fallback mailbox.
 */
export function fallbackMailto(form: SiteForm, values: FormValues, to: string): string {
  const texts = textValues(form, values)
  const file = chosenFile(form, values)
  const lines = form.fields.flatMap((field) => {
    if (field.input === 'file') return file ? [fillTemplate(formTexts.attachFile, { label: field.label, fileName: file.name })] : []
    const value = texts[field.name]
    if (!value) return []
    const shown = field.input === 'select' ? (field.options?.find((option) => option.value === value)?.label ?? value) : value
    return shown.includes('\n') ? [`${field.label}:`, ...shown.split(/\r?\n/), ''] : [`${field.label}: ${shown}`]
  })
  const subject = fillTemplate(form.fallbackSubject, texts)
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\r\n'))}`
}

/** Hands the mailto: address to the browser, which opens the visitor's mail client. */
export function openMailClient(href: string): void {
  window.location.href = href
}
