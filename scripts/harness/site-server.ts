import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../lib/local-redis.ts'
import { root } from '../lib/paths.ts'

// A port nothing listens on right now: for a server to start on, or an SMTP server that is "down".
export { freePort } from '../lib/local-redis.ts'

/** Polls `check` every 50 ms until it holds; fails after `timeoutMs` with `what`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const holds = async () => {
    try {
      return await check()
    } catch {
      return false // e.g. the server is not listening yet
    }
  }
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export interface SiteServerOptions {
  outboxDir: string
  smtpUrl: string
  port?: number
  /** Where to run it (a production install elsewhere); default the project. */
  cwd?: string
  /** What to run; default the compiled server straight from node. */
  command?: string[]
  env?: Record<string, string>
}

export interface Health {
  outbox: { depth: number; oldestAgeSeconds: number | null; deadLetters: number }
}

/**
 * The real server, compiled (`build/server/main.js`, as production runs it), in a process of its own, with its
 * own outbox and SMTP server, so a test can kill it with SIGKILL and start it again.
 */
export async function startSiteServer({ outboxDir, smtpUrl, port: wanted, cwd = root, command = [process.execPath, 'build/server/main.js'], env = {} }: SiteServerOptions) {
  const port = wanted ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const log: string[] = []
  // The compiled server straight from node (no npm wrapper), so the pid is the server's own.
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      OUTBOX_DIR: outboxDir,
      SMTP_URL: smtpUrl,
      API_KEY: 'dev-key', // site.apiKey of the shipped config
      MAIL_TO: 'sales@example.com',
      MAIL_FROM: 'Eastbridge website <forms@example.com>',
      MIN_SUBMIT_MS: '0',
      RATE_LIMIT_PER_MINUTE: '1000',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_RETRY_MAX_MS: '400',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const health = async (): Promise<Health> => {
    const response = await fetch(`${url}/health`)
    if (!response.ok) throw new Error(`health ${response.status}`)
    return (await response.json()) as Health
  }
  try {
    // test:e2e builds before the browser tests run; the server itself never builds.
    await until(`the server on ${url} (log: ${log.slice(-5).join(' | ')})`, async () => (await health()).outbox !== undefined, 30_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }

  return {
    url,
    port,
    log,
    health,
    exited,
    pid: child.pid,
    /** SIGKILL: no shutdown hook runs, exactly like a crash or an OOM kill. */
    async crash(): Promise<void> {
      child.kill('SIGKILL')
      await exited
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

export type SiteServer = Awaited<ReturnType<typeof startSiteServer>>

export async function temporaryOutbox(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'forms-e2e-'))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}
