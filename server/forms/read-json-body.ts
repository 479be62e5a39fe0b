import type { IncomingMessage } from 'node:http'
import { FormProblem, type FormAnswers } from './answers.ts'
import { watchForClientGone } from '../http/client-gone.ts'

/** 32 KB holds the longest valid payload (5000-character message in any script) with room to spare. */
export const JSON_BODY_LIMIT_BYTES = 32 * 1024

/**
 * Read a JSON object body of at most `limitBytes`. A dozen lines of our own instead of a body
 * parser dependency: we need the exact limit and our own 413 and 400 answers, nothing else.
 */
export async function readJsonBody(request: IncomingMessage, answers: FormAnswers, limitBytes = JSON_BODY_LIMIT_BYTES): Promise<Record<string, unknown>> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > limitBytes) throw new FormProblem(answers.bodyTooLarge())

  const raw = await collect(request, limitBytes, answers)
  let parsed: unknown
  try {
    parsed = JSON.parse(raw.toString('utf8'))
  } catch {
    throw new FormProblem(answers.malformedJson())
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new FormProblem(answers.malformedJson())
  return parsed as Record<string, unknown>
}

/**
 * Collect the body; past the limit, keep draining without storing instead of destroying the
 * socket, so the client gets to read our 413 rather than a connection reset.
 */
function collect(request: IncomingMessage, limitBytes: number, answers: FormAnswers): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    const stopWatching = watchForClientGone(request, reject)
    request.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received <= limitBytes) chunks.push(chunk)
    })
    request.once('end', () => {
      stopWatching()
      if (received > limitBytes) reject(new FormProblem(answers.bodyTooLarge()))
      else resolve(Buffer.concat(chunks))
    })
  })
}
