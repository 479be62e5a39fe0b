/**
 * `NGINX_PORT=8080 npm run start:nginx`: the site as it runs in production behind nginx, locally.
 * Starts the compiled Node server on PORT (default 3000) — or INSTANCES=N of them on PORT,
 * PORT+1, … sharing REDIS_URL — and a real nginx (Debian's, installed when missing) in the
 * foreground with a temporary prefix, serving dist/ and proxying /api/, /health and /ready to
 * them (with EDITOR=on, everything but the hashed scripts and styles: the pages are the published
 * version's, which Node serves). Ctrl-C (or SIGTERM) stops them all.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild } from './lib/ensure-build.ts'
import { runnableNginxConf } from './lib/nginx-config.ts'
import { distDir, root } from './lib/paths.ts'
import { BROTLI_MODULE, siteServerBlock } from './lib/site-nginx.ts'
import { ensureSystemPackages } from './lib/system-packages.ts'

const say = (message: string) => console.log(`[start:nginx] ${message}`)
const nginxPort = Number(process.env.NGINX_PORT ?? 8080)
const firstPort = Number(process.env.PORT ?? 3000)
const instances = Number(process.env.INSTANCES ?? 1)
if (!Number.isInteger(instances) || instances < 1) throw new Error(`INSTANCES must be a whole number of 1 or more, not "${process.env.INSTANCES}".`)
if (instances > 1 && !process.env.REDIS_URL) {
  console.error('INSTANCES > 1 needs REDIS_URL: several instances share one queue, rate limit and idempotency keys on Redis (docs/deploy.md).')
  process.exit(2)
}

ensureBuild(say)
await ensureSystemPackages('nginx').catch((error: Error) => {
  console.error(error.message)
  process.exit(1)
})

const children: ChildProcess[] = []
let stopping = false
function stopAll(code: number): void {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill(child.spawnfile.endsWith('nginx') ? 'SIGQUIT' : 'SIGTERM')
  const exited = children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve))))
  void Promise.all(exited).then(() => {
    fs.rmSync(prefix, { recursive: true, force: true })
    process.exit(code)
  })
}
process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))

function watch(child: ChildProcess, name: string): ChildProcess {
  children.push(child)
  child.once('exit', (code, signal) => {
    if (stopping) return
    console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`)
    stopAll(1)
  })
  return child
}

async function until(url: string, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (
      await fetch(url).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} did not answer at ${url}`)
}

const ports = Array.from({ length: instances }, (_, index) => firstPort + index)
for (const port of ports) {
  // Behind nginx: the visitor's address comes from X-Forwarded-For.
  const env = { ...process.env, PORT: String(port), TRUST_PROXY: '1', NODE_ENV: process.env.NODE_ENV ?? 'production' }
  watch(spawn(process.execPath, [path.join(root, 'build/server/main.js')], { cwd: root, env, stdio: 'inherit' }), `the Node server on ${port}`)
}
await Promise.all(ports.map((port) => until(`http://127.0.0.1:${port}/health`, `the Node server on ${port}`)))

const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'site-nginx-'))
for (const folder of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(prefix, folder))
const asRoot = process.getuid?.() === 0
// As root, nginx's workers drop to nobody: they need to write request bodies into the prefix.
if (asRoot) for (const folder of fs.readdirSync(prefix)) fs.chmodSync(path.join(prefix, folder), 0o777)
const brotli = fs.existsSync(BROTLI_MODULE)
// EDITOR=on: the editor publishes new versions, which only Node knows of, so pages come from Node.
const pages = process.env.EDITOR === 'on' ? 'node' : 'files'
const serverBlock = siteServerBlock(distDir, {
  upstreams: ports.map((port) => `127.0.0.1:${port}`),
  listen: `127.0.0.1:${nginxPort}`,
  hsts: process.env.HSTS === '1',
  brotli,
  pages,
})
fs.writeFileSync(
  path.join(prefix, 'nginx.conf'),
  runnableNginxConf({ prefix, serverBlock, ...(brotli ? { brotliModule: BROTLI_MODULE } : {}), ...(asRoot ? { workerUser: 'nobody nogroup' } : {}) }),
)
watch(spawn('/usr/sbin/nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: 'inherit' }), 'nginx')
await until(`http://127.0.0.1:${nginxPort}/health`, 'nginx')
say(`the site on http://localhost:${nginxPort} (nginx${brotli ? ', brotli' : ''}) → Node on ${ports.join(', ')}; Ctrl-C stops all`)
