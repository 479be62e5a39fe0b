import { useMounted } from '@mantine/hooks'
import { useForm } from '@mantine/form'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { config, textsOf } from '../../kit/config'
import { errorsFromPayloadProblems, failureLines, missingRequired, validateValues } from './form-checks'
import { formDefinition } from './form-definition'
import { formEndpoint } from '../../site/form-payload'
import { newIdempotencyKey } from './idempotency-key'
import { fallbackMailto, openMailClient } from './mail-fallback'
import { requestBody, type AntiSpam, type FormValues } from './payload'
import type { ProofOfWork } from './proof-of-work'
import { sendSubmission, type SendOutcome } from './send-submission'
import { PROOF_OF_WORK_KEY } from '../../site/form-payload'

const formTexts = textsOf('form')

export type FormStatus = { tone: 'success' | 'error'; lines: string[] } | null

const emptyValue = (input: string) => (input === 'file' ? null : input === 'checkboxes' ? [] : '')

const emptyValues = (id: string): FormValues => Object.fromEntries(formDefinition(id).fields.map((field) => [field.name, emptyValue(field.input)]))

/** The proof of work's code, fetched only by a page whose form asks for one, when its visitor reaches the form. */
const loadProofOfWork = (id: string): Promise<ProofOfWork> => import('./proof-of-work').then(({ createProofOfWork }) => createProofOfWork(id))

/**
 * A configured form's state and behaviour: checked before sending, idle → submitting → idle;
 * cleared on success, kept on failure; the mail fallback when the server is out of reach.
 */
export function useSiteForm(id: string) {
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
  const formElement = useRef<HTMLFormElement>(null)
  /** performance.now() when the form appeared (or was last cleared): the anti-spam fill time starts here. */
  const shownAt = useRef(0)
  /** The current submission's key, kept for its retries and resends until it is accepted. */
  const submissionKey = useRef<string | null>(null)
  /** A form with `altcha` on: its proof of work, loaded when the visitor first reaches the form. */
  const proofOfWork = useRef<Promise<ProofOfWork> | null>(null)
  const proof = () => (proofOfWork.current ??= loadProofOfWork(id))
  /** The visitor has started on the form: a form with a proof of work starts solving it now, in the background. */
  const onStart = () => {
    if (definition.altcha)
      void proof().then(
        (work) => work.prepare(),
        () => undefined,
      )
  }

  useEffect(() => {
    shownAt.current = performance.now()
  }, [])

  /** Once the errors are drawn, the first field marked invalid (in form order) takes the focus, as the browser's own check did: its problem is read out with it (aria-describedby). */
  const focusFirstProblem = () =>
    requestAnimationFrame(() => {
      const invalid = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      // A group of checkboxes is marked on its fieldset, which takes no focus: its first box does.
      ;(invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input') : invalid)?.focus()
    })

  /** One send; a form with a proof of work first gets a fresh solution (no challenge to be had: the server is out of reach). */
  async function sendOnce(values: FormValues, key: string): Promise<SendOutcome> {
    const antiSpam: AntiSpam = {
      website: honeypot.current?.value ?? '',
      fillTimeMs: Math.max(0, Math.round(performance.now() - shownAt.current)),
    }
    const work = definition.altcha ? await proof() : undefined
    if (work) {
      try {
        antiSpam.altcha = await work.solution()
      } catch (error) {
        return { kind: 'unreachable', reason: `no proof of work: ${error instanceof Error ? error.message : String(error)}` }
      }
    }
    const outcome = await sendSubmission({
      endpoint: formEndpoint(id),
      apiKey: config.site.apiKey,
      idempotencyKey: key,
      body: requestBody(definition, values, antiSpam),
      language: config.languages?.current,
    })
    if (outcome.kind !== 'unreachable') work?.spent()
    return outcome
  }

  async function send(values: FormValues) {
    setStatus(null)
    try {
      const key = (submissionKey.current ??= newIdempotencyKey())
      let outcome = await sendOnce(values, key)
      // A solution refused (it lapsed while the page stayed open, say) is not the visitor's to fix: solve anew and send once more.
      if (outcome.kind === 'refused' && outcome.problems?.[PROOF_OF_WORK_KEY]) outcome = await sendOnce(values, key)
      if (outcome.kind === 'accepted') {
        form.reset()
        submissionKey.current = null
        shownAt.current = performance.now()
        setStatus({ tone: 'success', lines: [definition.successMessage] })
      } else if (outcome.kind === 'refused') {
        form.setErrors(errorsFromPayloadProblems(definition, outcome.problems ?? {}))
        setStatus({ tone: 'error', lines: failureLines(definition, outcome.error) })
        focusFirstProblem()
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
    focusFirstProblem()
  }
  // Mantine's handler is made when the form is sent, not while rendering: it reads the refs above.
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit(send, (_errors, values) => refuse(values))(event)

  return { definition, form, status, busy: form.submitting, ready, honeypot, formElement, onSubmit, onStart }
}
