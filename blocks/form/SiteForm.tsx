import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/Loader.css'
import { Button, Loader } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react'
import type { FormField } from './form-definition'
import { FormFieldInput } from './FormFieldInput'
import { useSiteForm, type FormStatus } from './use-site-form'
import { textsOf } from '../../kit/config'
import classes from './SiteForm.module.css'

function StatusMessage({ status }: { status: FormStatus }) {
  // Always rendered, so screen readers announce the text when it appears.
  return (
    <div className={classes.status} role={status?.tone === 'error' ? 'alert' : 'status'} data-tone={status?.tone}>
      {status && (
        <>
          {status.tone === 'error' ? (
            <IconAlertCircle size={20} aria-hidden="true" className={classes.statusIcon} />
          ) : (
            <IconCircleCheck size={20} aria-hidden="true" className={classes.statusIcon} />
          )}
          <div>
            {status.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </>
      )}
    </div>
  )
}

const formTexts = textsOf('form')

const isShort = (field: FormField) => field.input !== 'textarea' && field.input !== 'file' && field.input !== 'checkboxes'

/**
 * Short inputs sit two to a row on wide screens. Long ones span the row, and so does the last of
 * an odd run of short ones, so no row has a hole (the career form has three short fields).
 */
function spansRow(fields: FormField[], index: number): boolean {
  if (!isShort(fields[index]!)) return true
  let start = index
  while (start > 0 && isShort(fields[start - 1]!)) start -= 1
  let end = index
  while (end + 1 < fields.length && isShort(fields[end + 1]!)) end += 1
  const runLength = end - start + 1
  return runLength % 2 === 1 && index === end
}

/** A form from the config's forms section, wired to its endpoint. */
export function SiteForm({ formId, labelledBy }: { formId: string; labelledBy?: string }) {
  const { definition, form, status, busy, ready, honeypot, formElement, onSubmit, onStart } = useSiteForm(formId)
  return (
    // method="post": should it ever submit natively, the values never land in an address bar.
    // noValidate: the form checks its fields itself and says so in the site's words, never in the browser's ("Please fill out this field.").
    <form
      ref={formElement}
      className={classes.form}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={onStart}
      aria-labelledby={labelledBy}
      aria-busy={busy}
      data-form={formId}
    >
      {definition.fields.map((field, index) => (
        <div key={field.name} className={classes.field} data-wide={spansRow(definition.fields, index) || undefined}>
          <FormFieldInput field={field} form={form} disabled={busy} />
        </div>
      ))}
      {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div className={classes.honeypot} aria-hidden="true">
        <label>
          {formTexts.honeypotLabel}
          <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <Button
        type="submit"
        size="md"
        fullWidth
        className={classes.submit}
        data-busy={busy || undefined}
        disabled={busy || !ready}
        leftSection={busy ? <Loader size={18} color="currentColor" aria-hidden="true" /> : <IconSend size={18} aria-hidden="true" />}
      >
        {busy ? definition.busyLabel : definition.submitLabel}
      </Button>
      <StatusMessage status={status} />
    </form>
  )
}
