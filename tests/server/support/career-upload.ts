import { randomFillSync } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Koa from 'koa'
import { apiRouter } from '../../../server/compose/api-router.ts'
import type { FormsServiceOptions } from '../../../server/compose/forms-service.ts'
import { afterTest, formsTestApp, smtpServerForTest, temporaryDir, TEST_API_KEY, validPayloads } from './forms-test-app.ts'
import { pdfFile } from './resume-files.ts'

// Career applications sent over a real socket, as a browser sends them: for the tests of how uploads are read.

const { resume: _fileName, ...careerFields } = validPayloads.career
const BOUNDARY = 'upload-concurrency-test-boundary'

/** A career submission as the browser encodes it, with a résumé that is a PDF by its first bytes. */
export function careerUpload(resume: Buffer, name: string): Buffer {
  const fields = Object.entries({ ...careerFields, name }).map(([field, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)
  const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  return Buffer.concat([Buffer.from(fields.join('') + fileHead), resume, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
}

export function resumeOf(bytes: number): Buffer {
  const file = randomFillSync(Buffer.alloc(bytes))
  pdfFile().copy(file, 0)
  return file
}

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: { success: boolean; error?: string; message: string; data?: Record<string, unknown> }
}

/**
 * Starts an upload and sends only the first part of its body: it holds an upload slot until
 * `finish` sends the rest. Resolves `answer` with the server's answer.
 */
export function startUpload(port: number, body: Buffer, sendFirst = 64 * 1024, headers: Record<string, string> = {}) {
  const call = http.request({
    port,
    host: '127.0.0.1',
    path: '/api/career',
    method: 'POST',
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length, ...headers },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    call.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(Buffer.concat(chunks).toString()) }))
    })
    call.on('error', reject)
  })
  call.write(body.subarray(0, sendFirst))
  return { answer, finish: () => call.end(body.subarray(sendFirst)), abandon: () => call.destroy() }
}

export const upload = (port: number, body: Buffer, headers: Record<string, string> = {}) => {
  const started = startUpload(port, body, body.length, headers)
  started.finish()
  return started.answer
}

/** The forms' routes on a real port (the slots bound what a socket sends), with a local SMTP server; `outboxDir` returned for a look at the disk. */
export async function listeningApp(options: Partial<FormsServiceOptions>) {
  const smtp = await smtpServerForTest()
  const outboxDir = await temporaryDir()
  const { service, logEntries } = formsTestApp({ outboxDir, smtpUrl: smtp.url, minSubmitMs: 0, ...options })
  const app = new Koa()
  app.use(
    apiRouter(
      [service.routes],
      [...service.definitions.values()].map((form) => form.path),
    ),
  )
  const server = http.createServer(app.callback())
  // A client that hangs up mid-body is part of these tests; the production server answers it itself (server/http/http-server.ts).
  server.on('clientError', (_error, socket) => socket.destroy())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterTest(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await service.stop()
  })
  return { port: (server.address() as AddressInfo).port, service, smtp, logEntries, outboxDir }
}
