import { randomBytes } from 'node:crypto'
import type { Context } from 'koa'
import type { OutboxMessage, StoredResume } from '../delivery/outbox-message.ts'
import { StoreUnavailableError } from '../delivery/store-errors.ts'
import type { SubmissionQueue } from '../delivery/submission-queue.ts'
import type { Logger } from '../log.ts'
import { slugify } from '../mail/text-safety.ts'
import { answerForStore, answers, FormProblem, success, type FieldProblem, type FormAnswer } from './answers.ts'
import { checkResume } from './check-resume.ts'
import type { FormDefinition } from './form-definitions.ts'
import { readJsonBody } from './read-json-body.ts'
import { readMultipartBody, refuseDeclaredOversize, RESUME_FIELD, type UploadedFile } from './read-multipart-body.ts'
import { judgeSpam, withoutAntiSpamFields } from './spam-guard.ts'
import type { UploadSlots } from './upload-slots.ts'
import { validateFields } from './validate-fields.ts'

export interface SubmissionContext {
  /** The disk outbox or the Redis queue (server/delivery/submission-queue.ts): only enqueue is needed here; it wakes its own worker. */
  outbox: Pick<SubmissionQueue, 'enqueue'>
  minSubmitMs: number
  now: () => number
  log: Logger
  /** Bounds the multipart uploads read at once (UPLOAD_CONCURRENCY). */
  uploadSlots: UploadSlots
}

/** What a 503 for a full set of upload slots tells a program to wait: about how long a burst takes to clear. */
const BUSY_RETRY_AFTER_SECONDS = 5

const JSON_TYPE = 'application/json'
const MULTIPART_TYPE = 'multipart/form-data'

const newMessageId = (form: string, now: number) => `${form}-${now.toString(36)}-${randomBytes(6).toString('hex')}`

const isUpload = (ctx: Context, form: FormDefinition) => ctx.request.type === MULTIPART_TYPE && form.acceptsMultipart

async function readPayload(ctx: Context, form: FormDefinition): Promise<{ payload: Record<string, unknown>; file?: UploadedFile }> {
  if (ctx.request.type === JSON_TYPE) return { payload: await readJsonBody(ctx.req) }
  if (isUpload(ctx, form)) {
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
 * caused (a FormProblem's answer included) and for a queue that could not take it; only failures on our side escape as exceptions.
 * `idempotencyHash` makes the outbox id stable across retries of the same submission.
 */
export async function acceptSubmission(ctx: Context, form: FormDefinition, deps: SubmissionContext, idempotencyHash?: string): Promise<FormAnswer> {
  try {
    return await checkAndQueue(ctx, form, deps, idempotencyHash)
  } catch (error) {
    if (error instanceof FormProblem) return error.answer
    if (error instanceof StoreUnavailableError) return answerForStore(error)
    throw error
  }
}

/**
 * An upload is read only in one of the UPLOAD_CONCURRENCY slots, taken before a byte of its body is
 * read and held until its message is queued (the résumé is in memory until then). A JSON body is
 * small (read-json-body's limit) and needs no slot.
 */
async function checkAndQueue(ctx: Context, form: FormDefinition, deps: SubmissionContext, idempotencyHash?: string): Promise<FormAnswer> {
  if (!isUpload(ctx, form)) return readCheckAndQueue(ctx, form, deps, idempotencyHash)
  refuseDeclaredOversize(ctx.req) // a 413 needs no turn
  const release = await deps.uploadSlots.acquire()
  if (!release) {
    deps.log.warn({ form: form.name, ...deps.uploadSlots.inUse() }, 'every upload slot busy: answered 503, body not read')
    return answers.busy(BUSY_RETRY_AFTER_SECONDS)
  }
  deps.log.debug({ form: form.name, ...deps.uploadSlots.inUse() }, 'upload slot taken: reading the body')
  try {
    return await readCheckAndQueue(ctx, form, deps, idempotencyHash)
  } finally {
    release()
  }
}

/**
 * The payload, its problems and the résumé as it will be stored. The uploaded bytes live only in
 * this call: once encoded for storing they are garbage, not held beside their copy while it is queued.
 */
async function readAndCheck(ctx: Context, form: FormDefinition): Promise<{ payload: Record<string, unknown>; problems: FieldProblem[]; resume?: StoredResume }> {
  const { payload, file } = await readPayload(ctx, form)
  const problems = validateFields(form.name, payload)
  if (!file || problems.some(({ field }) => field === RESUME_FIELD)) return { payload, problems }
  const resume = await storedResume(file, String(payload.name ?? ''))
  return 'problem' in resume ? { payload, problems: [...problems, resume] } : { payload, problems, resume }
}

async function readCheckAndQueue(ctx: Context, form: FormDefinition, deps: SubmissionContext, idempotencyHash?: string): Promise<FormAnswer> {
  const { payload, problems, resume } = await readAndCheck(ctx, form)
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
  return success(form.successMessage, id)
}
