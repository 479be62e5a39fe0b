/**
 * `npm run bench:uploads`: the server's memory under a burst of career applications. The compiled
 * server (build/server/main.js, compiled first unless `--no-build`, with a tiny stand-in site) runs
 * in a process of its own with the disk outbox and a local SMTP server as its mail peer. The bench
 * sends BENCH_UPLOADS (default 40) multipart submissions at once, each with its own résumé of
 * BENCH_RESUME_BYTES (default 5 MB, a PDF by its first bytes), as plain clients that send once and
 * never try again: whatever is not answered 200 counts as refused. BENCH_BUSY_CORES (default 0)
 * processes spin on the CPU meanwhile, for the figures of a busy machine. It prints how many were
 * accepted, the server's resident memory before the burst and at its peak (the kernel's
 * high-water mark, VmHWM, and VmRSS sampled per phase), and checks that every accepted résumé
 * arrived in its mail byte for byte (sha256 of each attachment). 127.0.0.1 only, a throwaway
 * outbox, bounded in time. A benchmark: it prints figures; it exits non-zero only when an accepted
 * résumé was lost or changed.
 */
import { spawn } from 'node:child_process'
import { createHash, randomBytes, randomFillSync } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { startLocalSmtpServer } from '../harness/local-smtp-server.ts'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { buildServer } from '../lib/build-server.ts'
import { freePort } from '../lib/local-redis.ts'
import { root } from '../lib/paths.ts'
import { shippedForms } from './lib/shipped-forms.ts'

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 40)
const RESUME_BYTES = Number(process.env.BENCH_RESUME_BYTES ?? 5 * 1024 * 1024)
const BUSY_CORES = Number(process.env.BENCH_BUSY_CORES ?? 0)
const DEADLINE_MS = Number(process.env.BENCH_DEADLINE_MS ?? 180_000)
const API_KEY = 'bench-key'
const MB = 1024 * 1024

/** A résumé the server's check takes for a PDF (its magic bytes), random after them so every one differs. */
function resume(bytes: number): Buffer<ArrayBuffer> {
  const file = randomFillSync(Buffer.alloc(bytes))
  Buffer.from('%PDF-1.7\n').copy(file, 0)
  return file
}
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex')

/** The mail peer: keeps only each résumé's hash, by the applicant's name, so the bench itself stays small. */
async function hashingSmtpServer() {
  const received = new Map<string, string>()
  const server = await startLocalSmtpServer({
    size: 20 * MB,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const applicant = /Career application: (Applicant \d+)/.exec(mail.subject ?? '')?.[1] ?? 'unknown'
          const attachment = mail.attachments[0]
          received.set(applicant, attachment ? sha256(attachment.content) : 'no attachment')
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  return { ...server, received }
}

/** What `npm run build` would leave in dist/ as far as the server's start needs it: the route table, the forms and two pages. */
function standInSite(dir: string): string {
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1>')
  fs.writeFileSync(path.join(dir, '404.html'), '<h1>Page Not Found</h1>')
  fs.writeFileSync(path.join(dir, builtSiteFiles.routes), JSON.stringify([{ path: '/', aliases: [] }]))
  fs.writeFileSync(path.join(dir, builtSiteFiles.forms), JSON.stringify(shippedForms))
  return dir
}

/** Processes that keep a core each busy until killed: the machine of a visitor's burst is rarely idle. */
const busyCores = (count: number) => Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }))

/** The server's own memory, from the kernel: resident now and the most it ever was (kB → MB). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024
  return { rssMb: field('VmRSS'), peakMb: field('VmHWM') }
}

/** One application, sent once: true when it was accepted (200). */
async function upload(origin: string, index: number, content: Buffer<ArrayBuffer>, answers: Map<string, number>): Promise<boolean> {
  const form = new FormData()
  form.set('name', `Applicant ${index}`)
  form.set('email', `applicant${index}@example.org`)
  form.set('phone', '+91 98300 12345')
  form.set('position', 'Job Application')
  form.set('resume', new Blob([content], { type: 'application/pdf' }), `cv-${index}.pdf`)
  const answer = await fetch(`${origin}/api/career`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'Idempotency-Key': `bench-upload-${index}-${randomBytes(4).toString('hex')}` },
    body: form,
  }).then(
    async (response) => ({ status: String(response.status), error: ((await response.json().catch(() => ({}))) as { error?: string }).error }),
    (error: Error) => ({ status: 'no answer', error: error.message }),
  )
  const label = answer.error ? `${answer.status} (${answer.error})` : answer.status
  answers.set(label, (answers.get(label) ?? 0) + 1)
  return answer.status === '200'
}

if (!process.argv.includes('--no-build')) await buildServer()
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'))
const smtp = await hashingSmtpServer()
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, ['build/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DIST_DIR: standInSite(path.join(tmp, 'dist')),
    OUTBOX_DIR: path.join(tmp, 'outbox'),
    SMTP_URL: smtp.url,
    MAIL_TO: 'careers@example.com',
    API_KEY,
    RATE_LIMIT_PER_MINUTE: '100000', // one address sends the whole burst here; the limit has its own tests
    MIN_SUBMIT_MS: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const pid = server.pid!
let busy: ReturnType<typeof busyCores> = []

try {
  for (
    let tries = 0;
    !(await fetch(`${origin}/health`).then(
      (answer) => answer.ok,
      () => false,
    ));
    tries += 1
  ) {
    if (tries > 300 || server.exitCode !== null) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const resumes = Array.from({ length: UPLOADS }, () => resume(RESUME_BYTES))
  const before = memoryOf(pid)

  // VmRSS every 20 ms, the phase's highest kept: accepting (until the last answer) and delivering (after it).
  let phase: 'accepting' | 'delivering' = 'accepting'
  const phasePeak = { accepting: 0, delivering: 0 }
  const sampler = setInterval(() => {
    const { rssMb } = memoryOf(pid)
    phasePeak[phase] = Math.max(phasePeak[phase], rssMb)
  }, 20)

  const answers = new Map<string, number>()
  busy = busyCores(BUSY_CORES)
  const started = performance.now()
  const accepted = await Promise.all(resumes.map((content, index) => upload(origin, index, content, answers)))
  const acceptedCount = accepted.filter(Boolean).length
  const acceptedSeconds = (performance.now() - started) / 1000
  phase = 'delivering'
  while (smtp.received.size < acceptedCount) {
    if (performance.now() - started > DEADLINE_MS) throw new Error(`only ${smtp.received.size} of ${acceptedCount} mails arrived in ${DEADLINE_MS / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const deliveredSeconds = (performance.now() - started) / 1000
  for (const spinner of busy) spinner.kill()
  clearInterval(sampler)
  const after = memoryOf(pid)

  const intact = resumes.filter((content, index) => accepted[index] && smtp.received.get(`Applicant ${index}`) === sha256(content)).length
  const payloadMb = (UPLOADS * RESUME_BYTES) / MB
  console.log(
    `${UPLOADS} career uploads at once, ${(RESUME_BYTES / MB).toFixed(2)} MB résumé each (${payloadMb.toFixed(0)} MB of payload), sent once each; ${BUSY_CORES} cores kept busy meanwhile`,
  )
  console.log(`accepted: ${acceptedCount} of ${UPLOADS} (answers: ${[...answers].map(([status, count]) => `${count}× ${status}`).join(', ')})`)
  console.log(`answered in ${acceptedSeconds.toFixed(1)} s, all accepted delivered in ${deliveredSeconds.toFixed(1)} s`)
  console.log(`server resident memory: ${before.rssMb.toFixed(0)} MB before the burst`)
  console.log(`  peak while accepting (VmRSS, sampled): ${phasePeak.accepting.toFixed(0)} MB`)
  console.log(`  peak while delivering (VmRSS, sampled): ${phasePeak.delivering.toFixed(0)} MB`)
  console.log(`  peak over the whole run (VmHWM): ${after.peakMb.toFixed(0)} MB (aim: under 300 MB)`)
  console.log(`accepted résumés delivered intact (sha256 of each attachment): ${intact} of ${acceptedCount}`)
  if (intact !== acceptedCount) process.exitCode = 1
} finally {
  for (const spinner of busy) spinner.kill()
  // A server that already stopped (it could not start) sends no second 'exit'.
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  await smtp.close()
  fs.rmSync(tmp, { recursive: true, force: true })
}
