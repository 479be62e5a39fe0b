import { useMounted } from '@mantine/hooks'
import { useForm } from '@mantine/form'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { config } from '../../kit/config'
import formTexts from 'virtual:site-texts/form'
import { errorsFromPayloadProblems, failureLines, missingRequired, validateValues } from './form-checks'
import { formDefinition, type FormName } from './form-definition'
import { newIdempotencyKey } from './idempotency-key'
import { fallbackMailto, openMailClient } from './mail-fallback'
import { requestBody, type FormValues } from './payload'
import { sendSubmission } from './send-submission'

export type FormStatus = { tone: 'success' | 'error'; lines: string[] } | null

const emptyValues = (id: FormName): FormValues => Object.fromEntries(formDefinition(id).fields.map((field) => [field.name, field.input === 'file' ? null : '']))

/**
 * A configured form's state and behaviour: checked before sending, idle → submitting → idle;
 * cleared on success, kept on failure; the mail fallback when the server is out of reach.
 */
export function useSiteForm(id: FormName) {
  const definition = formDefinition(id)
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: emptyValues(id),
    validate: (values) => validateValues(id, definition, values),
  })
  const [status, setStatus] = useState<FormStatus>(null)
  // Before hydration the form cannot send the way it must (headers, JSON): keep it closed until then.
  const ready = useMounted()
  const honeypot = useRef<HTMLInputElement>(null)
  /** performance.now() when the form appeared (or was last cleared): the anti-spam fill time starts here. */
  const shownAt = useRef(0)
  /** The current submission's key, kept for its retries and resends until it is accepted. */
  const submissionKey = useRef<string | null>(null)

  useEffect(() => {
    shownAt.current = performance.now()
  }, [])

  async function send(values: FormValues) {
    setStatus(null)
    try {
      const antiSpam = {
        website: honeypot.current?.value ?? '',
        fillTimeMs: Math.max(0, Math.round(performance.now() - shownAt.current)),
      }
      submissionKey.current ??= newIdempotencyKey()
      const outcome = await sendSubmission({
        endpoint: definition.endpoint,
        apiKey: config.site.apiKey,
        idempotencyKey: submissionKey.current,
        body: requestBody(definition, values, antiSpam),
      })
      if (outcome.kind === 'accepted') {
        form.reset()
        submissionKey.current = null
        shownAt.current = performance.now()
        setStatus({ tone: 'success', lines: [definition.successMessage] })
      } else if (outcome.kind === 'refused') {
        form.setErrors(errorsFromPayloadProblems(definition, outcome.problems ?? {}))
        setStatus({ tone: 'error', lines: failureLines(definition, outcome.serverMessage) })
      } else {
        // Values stay: nothing reached us, and a visitor without a mail client must not lose them.
        console.warn(`[forms] ${id}: ${outcome.reason}; opening the mail client instead`)
        openMailClient(fallbackMailto(definition, values, config.site.fallbackEmail))
        setStatus({ tone: 'success', lines: [definition.fallbackMessage] })
      }
    } catch (error) {
      console.error(`[forms] ${id}: unexpected error while sending`, error)
      setStatus({ tone: 'error', lines: [definition.unexpectedErrorMessage] })
    }
  }

  function refuse(values: FormValues) {
    const required = missingRequired(definition, values).length > 0
    // When every required field is filled but one is still not acceptable (e.g. a 200-character phone), the block's own words.
    setStatus({ tone: 'error', lines: [required ? definition.requiredAlert : formTexts.checkFields] })
  }
  // Mantine's handler is made when the form is sent, not while rendering: it reads the refs above.
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit(send, (_errors, values) => refuse(values))(event)

  return { definition, form, status, busy: form.submitting, ready, honeypot, onSubmit }
}
