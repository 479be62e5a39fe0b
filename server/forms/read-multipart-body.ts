import type { IncomingMessage } from 'node:http'
import busboy from 'busboy'
import type { StagedUpload } from '../queue/upload-staging.ts'
import { FormProblem } from './answers.ts'
import { watchForClientGone } from '../http/client-gone.ts'
import type { FileFieldDefinition, FormDefinition } from './form-definitions.ts'
import { fileTooLargeSentence, problemSentence } from '../../site/form-words.ts'
import { UPLOAD_LIMIT_BYTES } from '../../site/form-rules.ts'

/** Larger than any field's maxLength can need, so only abuse reaches it. */
const FIELD_LIMIT_BYTES = 16 * 1024
/** Headroom for the text fields and multipart framing around a maximal file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024
/** The largest upload any form can take; a proxy in front (nginx's client_max_body_size) uses the same. */
export const MULTIPART_LIMIT_BYTES = UPLOAD_LIMIT_BYTES + MULTIPART_OVERHEAD_BYTES
/** More parts than any form has fields (a checkboxes field sends one part per ticked choice); past it, abuse. */
const PART_LIMIT = 100

export interface UploadedFile {
  fileName: string
  declaredType: string
  /** Where its bytes were written as they arrived (the staged upload's file). */
  path: string
  bytes: number
}

export interface MultipartBody {
  fields: Record<string, unknown>
  file?: UploadedFile
}

/** A body that says in advance it is larger than any acceptable upload is refused before it is read (or waits for a turn). */
export function refuseDeclaredOversize(request: IncomingMessage, field: FileFieldDefinition, form: FormSaying): void {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > field.limitBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge(field, form)
}

/** What the reading needs of the form: its list keys and its words. */
type FormSaying = Pick<FormDefinition, 'answers' | 'words' | 'listKeys'>

const fileTooLarge = (field: FileFieldDefinition, form: FormSaying) => new FormProblem(form.answers.fileTooLarge(fileTooLargeSentence(form.words, field.limitBytes)))

/**
 * Read a multipart/form-data body with busboy. The file part is written to `staged` as it
 * arrives, at the pace the disk takes it (busboy pauses the request meanwhile): only a few
 * chunks of it are ever in memory. Past any limit we let busboy drain the rest of the upload
 * before answering, so the browser gets our 413 instead of a connection reset. A failed write
 * (a full disk) is thrown as it is, once the body is drained.
 */
export async function readMultipartBody(request: IncomingMessage, field: FileFieldDefinition, staged: StagedUpload, form: FormSaying): Promise<MultipartBody> {
  refuseDeclaredOversize(request, field, form)
  const { answers, listKeys } = form
  const fileLimitBytes = field.limitBytes

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: request.headers,
      defParamCharset: 'utf8', // browsers send file names as raw UTF-8
      // busboy reports its limit when the count reaches it, so a file of exactly the limit would be
      // "too large": one byte of headroom makes its report mean "more than the limit arrived".
      limits: { fileSize: fileLimitBytes + 1, files: 1, fields: PART_LIMIT, parts: PART_LIMIT + 1, fieldSize: FIELD_LIMIT_BYTES },
    })
  } catch {
    throw new FormProblem(answers.malformedMultipart())
  }

  return new Promise<MultipartBody>((resolve, reject) => {
    const fields: Record<string, unknown> = {}
    let file: UploadedFile | undefined
    let problem: FormProblem | undefined
    let writeError: Error | undefined
    /** Settles once the file part's bytes are all written (or could not be). */
    let fileWritten: Promise<void> = Promise.resolve()
    const noteProblem = (found: FormProblem) => {
      problem ??= found
    }
    const incomplete = () => new FormProblem(answers.malformedMultipart())
    // busboy reports a body that ends inside a part on the part's stream too: without a listener
    // there, that 'error' would be unhandled and take the whole process down.
    const drain = (stream: NodeJS.ReadableStream) => {
      stream.on('error', () => noteProblem(incomplete()))
      stream.resume()
    }
    const stopWatching = watchForClientGone(request, (gone) => {
      request.unpipe(parser)
      reject(gone)
    })

    parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
      if (info.valueTruncated) noteProblem(new FormProblem(answers.bodyTooLarge()))
      // A list (checkboxes) comes one part per value; anything else keeps its last part, as a browser's form would.
      if (listKeys.includes(name)) fields[name] = [...(Array.isArray(fields[name]) ? fields[name] : []), value]
      else fields[name] = value
    })
    parser.on('file', (name: string, stream: NodeJS.ReadableStream & { truncated?: boolean }, info: busboy.FileInfo) => {
      if (name !== field.name) {
        noteProblem(
          new FormProblem(answers.invalidFields([{ field: name.slice(0, 40), problem: problemSentence(form.words, name.slice(0, 40), { keyword: 'additionalProperties' }) }])),
        )
        drain(stream)
        return
      }
      fileWritten = new Promise<void>((settled) => {
        // A part that breaks off does not end the file it was piped to: nothing more will be written.
        stream.on('error', () => {
          noteProblem(incomplete())
          settled()
        })
        stream.on('limit', () => noteProblem(fileTooLarge(field, form)))
        staged.stream.once('finish', () => {
          if (!stream.truncated) file = { fileName: info.filename ?? '', declaredType: info.mimeType, path: staged.path, bytes: staged.stream.bytesWritten }
          settled()
        })
        staged.stream.once('error', (error) => {
          writeError ??= error
          // pipe() lets go of the part when its destination fails: read it to the end so busboy can finish.
          stream.resume()
          settled()
        })
      })
      stream.pipe(staged.stream)
    })
    parser.on('filesLimit', () => noteProblem(new FormProblem(answers.malformedMultipart())))
    const tooManyParts = () => noteProblem(new FormProblem(answers.malformedMultipart()))
    parser.on('fieldsLimit', tooManyParts)
    parser.on('partsLimit', tooManyParts)
    parser.on('error', () => {
      stopWatching()
      request.unpipe(parser)
      request.resume()
      reject(incomplete())
    })
    parser.on('close', () => {
      stopWatching()
      void fileWritten.then(() => {
        if (problem) reject(problem)
        else if (writeError) reject(writeError)
        else resolve(file ? { fields, file } : { fields })
      })
    })
    request.pipe(parser)
  })
}
