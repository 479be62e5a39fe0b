import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'koa'
import type { ClaimStore } from '../queue/claim-store.ts'
import { deliveryIdOf, type OutboxMessage, type StoredResume } from '../queue/outbox-message.ts'
import type { SubmissionQueue } from '../queue/submission-queue.ts'
import type { StagedUpload, StageUpload } from '../queue/upload-staging.ts'
import type { Logger } from '../../ground/log.ts'
import { slugify } from '../mail/text-safety.ts'
import { FormProblem, success, type FieldProblem, type FormAnswer } from './answers.ts'
import { checkUpload } from './check-upload.ts'
import { dateProblems } from './date-checks.ts'
import type { FileFieldDefinition, FormDefinition } from './form-definitions.ts'
import type { ProofOfWork } from './proof-of-work.ts'
import { readJsonBody } from './read-json-body.ts'
import { readMultipartBody, refuseDeclaredOversize, type UploadedFile } from './read-multipart-body.ts'
import { judgeSpam, withoutAntiSpamFields } from './spam-guard.ts'
import type { UploadSlots } from './upload-slots.ts'
import { validateFields } from './validate-fields.ts'
import { PROOF_OF_WORK_KEY } from '../../site/form-payload.ts'
import { fillTemplate } from '../../site/text-template.ts'

export interface SubmissionContext {
  /** The disk outbox or the Redis queue (server/queue/submission-queue.ts): only enqueue is needed here; it wakes its own worker. */
  outbox: Pick<SubmissionQueue, 'enqueue'>
  minSubmitMs: number
  now: () => number
  log: Logger
  /** Bounds the multipart uploads read at once (UPLOAD_CONCURRENCY). */
  uploadSlots: UploadSlots
  /** Where an upload's file is written while it is read: the queue's disk (server/queue/upload-staging.ts). */
  stageUpload: StageUpload
  /** Checks the ALTCHA solution of the forms that ask for one. */
  proofOfWork?: ProofOfWork | undefined
  /** Where this hour's confirmations are counted (one per address and form). */
  claims: ClaimStore
}

/** A visitor's address gets at most one confirmation per form in this long, however often the form is sent with it. */
const CONFIRMATION_INTERVAL_MS = 60 * 60_000

/** What a 503 for a full set of upload slots tells a program to wait: about how long a burst takes to clear. */
const BUSY_RETRY_AFTER_SECONDS = 5

const JSON_TYPE = 'application/json'
const MULTIPART_TYPE = 'multipart/form-data'

const newMessageId = (form: string, now: number) => `${form}-${now.toString(36)}-${randomBytes(6).toString('hex')}`

/** The form's file field when this request is an upload to a form that takes one. */
const uploadField = (ctx: Context, form: FormDefinition) => (ctx.request.type === MULTIPART_TYPE ? form.file : undefined)

async function readPayload(ctx: Context, form: FormDefinition, staged?: StagedUpload): Promise<{ payload: Record<string, unknown>; file?: UploadedFile }> {
  if (ctx.request.type === JSON_TYPE) return { payload: await readJsonBody(ctx.req, form.answers) }
  const field = uploadField(ctx, form)
  if (field && staged) {
    const { fields, file } = await readMultipartBody(ctx.req, field, staged, form)
    // A browser sends an empty, nameless file part when no file was chosen: that is "no file".
    if (!file || (file.fileName === '' && file.bytes === 0)) return { payload: fields }
    // The uploaded file's name stands for the JSON call's file field (career: "resume"), so one schema checks both.
    return { payload: { ...fields, [field.name]: file.fileName }, file }
  }
  throw new FormProblem(form.answers.unsupportedContentType(form.file ? [JSON_TYPE, MULTIPART_TYPE] : [JSON_TYPE]))
}

/** The upload as the outbox keeps it, attached as "<field>-<sender's name>.<kind of its content>" (resume-asha-roy.pdf). */
async function storedUpload(file: UploadedFile, form: FormDefinition & { file: FileFieldDefinition }, senderName: string): Promise<StoredResume | FieldProblem> {
  const field = form.file
  const checked = await checkUpload(file, field, form.words)
  if ('problem' in checked) return { field: field.name, problem: checked.problem }
  return {
    fileName: `${slugify(field.name) || 'file'}-${slugify(senderName) || 'applicant'}.${checked.kind}`,
    contentType: checked.contentType,
    originalName: file.fileName,
    path: file.path,
  }
}

/**
 * Read, check and durably queue one submission: an upload in one of the upload slots, a JSON body
 * at once. Returns the answer to what the visitor sent (a success, or the fields to fix, or busy
 * slots); every failure (a FormProblem, a queue that could not take it, one on our side) is thrown
 * and answered where all of them are (answerFailures, forms-middleware.ts).
 * `idempotencyHash` makes the outbox id stable across retries of the same submission.
 */
export async function acceptSubmission(ctx: Context, form: FormDefinition, deps: SubmissionContext, idempotencyHash?: string): Promise<FormAnswer> {
  const field = uploadField(ctx, form)
  if (!field) return queueIfValid(ctx, form, deps, idempotencyHash)
  return inUploadSlot(ctx, form, field, deps, (staged) => queueIfValid(ctx, form, deps, idempotencyHash, staged))
}

/**
 * An upload is read only in one of the UPLOAD_CONCURRENCY slots, taken before a byte of its body is
 * read and held until its message is queued; its file is written to the queue's disk as it
 * arrives (room for the largest file claimed first), and removed at the end unless the queue took
 * it over. A JSON body is small (read-json-body's limit) and needs no slot.
 */
async function inUploadSlot(
  ctx: Context,
  form: FormDefinition,
  field: NonNullable<FormDefinition['file']>,
  deps: SubmissionContext,
  accept: (staged: StagedUpload) => Promise<FormAnswer>,
): Promise<FormAnswer> {
  refuseDeclaredOversize(ctx.req, field, form) // a 413 needs no turn
  const release = await deps.uploadSlots.acquire()
  if (!release) {
    deps.log.warn({ form: form.name, ...deps.uploadSlots.inUse() }, 'every upload slot busy: answered 503, body not read')
    return form.answers.busy(BUSY_RETRY_AFTER_SECONDS)
  }
  deps.log.debug({ form: form.name, ...deps.uploadSlots.inUse() }, 'upload slot taken: reading the body')
  try {
    const staged = await deps.stageUpload(field.limitBytes)
    try {
      return await accept(staged)
    } finally {
      await staged.finish()
    }
  } finally {
    release()
  }
}

/** The payload, its problems and the résumé as it will be stored (its file where the upload was written). */
async function readSubmission(
  ctx: Context,
  form: FormDefinition,
  now: number,
  staged?: StagedUpload,
): Promise<{ payload: Record<string, unknown>; problems: FieldProblem[]; resume?: StoredResume }> {
  const { payload: sent, file } = await readPayload(ctx, form, staged)
  const checked = validateFields(form, sent)
  const { payload } = checked
  const problems = [...checked.problems, ...dateProblems(form, payload, now, checked.problems)]
  if (!file || !form.file || problems.some(({ field }) => field === form.file?.name)) return { payload, problems }
  const resume = await storedUpload(file, { ...form, file: form.file }, String(payload.name ?? ''))
  return 'problem' in resume ? { payload, problems: [...problems, resume] } : { payload, problems, resume }
}

/** What must be given back if the submission cannot be stored after all: a challenge marked used, a confirmation counted. */
type Releases = Array<() => Promise<void>>

/** The claim on this hour's confirmation to `address` from `form`: by a hash, so no address is kept in memory or in Redis. */
const confirmationClaim = (form: string, address: string) => `confirmation:${form}:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 40)}`

/**
 * The submission's deliveries, the owner's mail first: a queue that fails after it has taken the
 * mail answers 503, and the visitor's retry (with its Idempotency-Key) finds that mail by its id and
 * queues the rest without repeating it. The confirmation only if this address had none from this form this hour.
 */
async function deliveriesOf(message: OutboxMessage, form: FormDefinition, deps: SubmissionContext, releases: Releases): Promise<OutboxMessage[]> {
  const { resume: _file, ...withoutFile } = message
  const messages = [message]
  if (form.webhook) messages.push({ ...withoutFile, id: deliveryIdOf(message.id, 'webhook'), action: 'webhook' })
  const address = form.confirmation ? message.fields[form.confirmation.toKey] : undefined
  if (address) {
    const claim = confirmationClaim(form.name, address)
    if (await deps.claims.claim(claim, CONFIRMATION_INTERVAL_MS)) {
      releases.push(() => deps.claims.release(claim))
      messages.push({ ...withoutFile, id: deliveryIdOf(message.id, 'confirmation'), action: 'confirmation' })
    } else deps.log.info({ form: form.name, id: message.id }, 'no confirmation: this address had one from this form within the hour')
  }
  return messages
}

/** The fields to fix when the submission has problems or a wrong proof of work; else it is queued unless it is spam. */
async function queueIfValid(ctx: Context, form: FormDefinition, deps: SubmissionContext, idempotencyHash?: string, staged?: StagedUpload): Promise<FormAnswer> {
  const { payload, problems, resume } = await readSubmission(ctx, form, deps.now(), staged)
  if (problems.length > 0) return form.answers.invalidFields(problems)
  const releases: Releases = []
  if (form.altcha && deps.proofOfWork) {
    const proof = await deps.proofOfWork.check(form.name, payload[PROOF_OF_WORK_KEY])
    if (!proof.ok) {
      deps.log.info({ form: form.name, reason: proof.problem }, 'proof of work refused')
      return form.answers.invalidFields([{ field: PROOF_OF_WORK_KEY, problem: fillTemplate(form.words.form.problemProof, { label: PROOF_OF_WORK_KEY }) }])
    }
    releases.push(proof.release)
  }
  try {
    return await queueUnlessSpam(payload, resume, form, deps, releases, idempotencyHash)
  } catch (error) {
    // Nothing (or not everything) was stored: the visitor may send the same solution again, and still gets the confirmation.
    await Promise.allSettled(releases.map((release) => release()))
    throw error
  }
}

/** A submission judged spam is answered like a success and never queued; any other is queued with its other deliveries. */
async function queueUnlessSpam(
  payload: Record<string, unknown>,
  resume: StoredResume | undefined,
  form: FormDefinition,
  deps: SubmissionContext,
  releases: Releases,
  idempotencyHash?: string,
): Promise<FormAnswer> {
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
    ...(form.language ? { language: form.language } : {}),
    receivedAt: new Date(receivedAt).toISOString(),
    fields: withoutAntiSpamFields(payload),
    ...(resume ? { resume } : {}),
  }
  const deliveries = await deliveriesOf(message, form, deps, releases)
  const outcome = await deps.outbox.enqueue(message)
  for (const delivery of deliveries.slice(1)) await deps.outbox.enqueue(delivery)
  // The id names the submission; the file's stored name would name the sender.
  deps.log.info(
    { form: form.name, id, outcome, withResume: Boolean(resume), ...(deliveries.length > 1 ? { also: deliveries.slice(1).map((delivery) => delivery.action) } : {}) },
    'submission accepted',
  )
  return success(form.successMessage, id)
}
