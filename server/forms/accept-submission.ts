import { randomBytes } from 'node:crypto'
import type { Context } from 'koa'
import type { Logger } from '../log.ts'
import type { Outbox } from '../outbox/outbox.ts'
import type { OutboxMessage, StoredResume } from '../outbox/outbox-message.ts'
import { slugify } from '../mail/text-safety.ts'
import { answers, FormProblem, success, type FieldProblem, type FormAnswer } from './answers.ts'
import { checkResume } from './check-resume.ts'
import type { FormDefinition } from './form-definitions.ts'
import { readJsonBody } from './read-json-body.ts'
import { readMultipartBody, RESUME_FIELD, type UploadedFile } from './read-multipart-body.ts'
import { judgeSpam, withoutAntiSpamFields } from './spam-guard.ts'
import { validateFields } from './validate-fields.ts'

export interface SubmissionContext {
  /** The disk outbox or the Redis queue (server/queue/submission-queue.ts): only enqueue is needed here. */
  outbox: Pick<Outbox, 'enqueue'>
  minSubmitMs: number
  now: () => number
  log: Logger
  /** Called after a message is durably queued, to wake the delivery worker. */
  onQueued: () => void
}

const JSON_TYPE = 'application/json'
const MULTIPART_TYPE = 'multipart/form-data'

const newMessageId = (form: string, now: number) => `${form}-${now.toString(36)}-${randomBytes(6).toString('hex')}`

async function readPayload(ctx: Context, form: FormDefinition): Promise<{ payload: Record<string, unknown>; file?: UploadedFile }> {
  const type = ctx.request.type
  if (type === JSON_TYPE) return { payload: await readJsonBody(ctx.req) }
  if (type === MULTIPART_TYPE && form.acceptsMultipart) {
    const { fields, file } = await readMultipartBody(ctx.req)
    // A browser sends an empty, nameless file part when no file was chosen: that is "no file".
    if (!file || (file.fileName === '' && file.content.length === 0)) return { payload: fields }
    // The uploaded file's name stands for the JSON call's "resume" field, so one schema checks both.
    return { payload: { ...fields, [RESUME_FIELD]: file.fileName }, file }
  }
  throw new FormProblem(answers.unsupportedContentType(form.acceptsMultipart ? [JSON_TYPE, MULTIPART_TYPE] : [JSON_TYPE]))
}

async function storedResume(file: UploadedFile, applicantName: string): Promise<StoredResume | FieldProblem> {
  const checked = await checkResume(file)
  if ('problem' in checked) return { field: RESUME_FIELD, problem: checked.problem }
  return {
    fileName: `resume-${slugify(applicantName) || 'applicant'}.${checked.kind}`,
    contentType: checked.contentType,
    originalName: file.fileName,
    contentBase64: file.content.toString('base64'),
  }
}

/**
 * Read, check and durably queue one submission. Returns the answer for every outcome the visitor
 * caused (a FormProblem's answer included); only failures on our side escape as exceptions.
 * `idempotencyHash` makes the outbox id stable across retries of the same submission.
 */
export async function acceptSubmission(ctx: Context, form: FormDefinition, deps: SubmissionContext, idempotencyHash?: string): Promise<FormAnswer> {
  try {
    return await checkAndQueue(ctx, form, deps, idempotencyHash)
  } catch (error) {
    if (error instanceof FormProblem) return error.answer
    throw error
  }
}

async function checkAndQueue(ctx: Context, form: FormDefinition, deps: SubmissionContext, idempotencyHash?: string): Promise<FormAnswer> {
  const { payload, file } = await readPayload(ctx, form)

  const problems = validateFields(form.name, payload)
  let resume: StoredResume | undefined
  if (file && !problems.some(({ field }) => field === RESUME_FIELD)) {
    const result = await storedResume(file, String(payload.name ?? ''))
    if ('problem' in result) problems.push(result)
    else resume = result
  }
  if (problems.length > 0) return answers.invalidFields(problems)

  const receivedAt = deps.now()
  const id = idempotencyHash ? `${form.name}-k${idempotencyHash}` : newMessageId(form.name, receivedAt)
  const verdict = judgeSpam(payload, deps.minSubmitMs)
  if (verdict.spam) {
    // Answered exactly like a real success, so a bot learns nothing; never queued.
    deps.log.info({ form: form.name, id, reason: verdict.reason }, 'dropped as spam; not queued')
    return success(form.successMessage, id)
  }

  const message: OutboxMessage = {
    version: 1,
    id,
    form: form.name,
    receivedAt: new Date(receivedAt).toISOString(),
    fields: withoutAntiSpamFields(payload),
    ...(resume ? { resume } : {}),
  }
  const outcome = await deps.outbox.enqueue(message)
  // The id names the submission; the résumé's file name would name the applicant.
  deps.log.info({ form: form.name, id, outcome, withResume: Boolean(resume) }, 'submission accepted')
  deps.onQueued()
  return success(form.successMessage, id)
}
