// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import net from 'node:net'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installBytes } from '../../scripts/lib/config-check-install.ts'
import { root } from '../../scripts/lib/paths.ts'
import { startSiteServer, temporaryOutbox, until } from '../../scripts/harness/site-server.ts'
import { startSmtpServer, type SmtpTestServer } from '../server/support/smtp-test-server.ts'
import { productionInstall } from './support/production-install.ts'

const contact = { name: 'Asha Roy', email: 'asha.roy@example.org', phone: '+91 98300 12345', subject: 'services', message: 'Production install check.', fillTimeMs: 5000 }
const post = (url: string, body: unknown) =>
  fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key' }, body: JSON.stringify(body) })

/** The design card's bound: a production install holds only what the server and the config check import. */
const PRODUCTION_INSTALL_LIMIT_MB = 60

/**
 * What loads a package at run time: `from "x"`, `import "x"`, `import("x")`, and
 * `createRequire(…).resolve("x")`, which finds a package's file to serve (the passkeys' browser
 * script). A specifier is a package's name (not `from", "` in a list of words).
 */
const packageSpecifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bcreateRequire\([^)]*\)\.resolve\(\s*)['"](@?[a-z0-9][^'"\s,]*)['"]/g

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); undefined for files and node: modules. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/** The packages the compiled server imports (statically or dynamically), by package name: its commands and their shared chunks (assets/). */
function packagesImportedBy(dir: string): Set<string> {
  const names = new Set<string>()
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js')))
    for (const [, specifier] of readFileSync(join(dir, file), 'utf8').matchAll(packageSpecifiers)) names.add(packageOf(specifier!) ?? '')
  names.delete('')
  return names
}

/** Statements that load a module at run time (not `import type`, which Node erases). */
const runtimeImports = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm

/**
 * The packages the config check (`npm run validate`, run from source on Node's own TypeScript
 * support in the pull request's light job) imports: its import graph followed from the entry,
 * without the type-only imports Node erases.
 */
function packagesImportedFromSource(entry: string): Set<string> {
  const names = new Set<string>()
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(runtimeImports)) {
      if (specifier!.startsWith('.')) visit(join(dirname(file), specifier!))
      else if (packageOf(specifier!)) names.add(packageOf(specifier!)!)
    }
  }
  visit(entry)
  return names
}

let smtp: SmtpTestServer
const cleanups: Array<() => unknown> = []
beforeAll(async () => {
  if (!existsSync(join(root, 'build', 'server', 'main.js')) || !existsSync(join(root, 'dist', '.site-routes.json')))
    throw new Error('These tests run the build: `npm run build` first (npm test does).')
  smtp = await startSmtpServer()
  cleanups.push(smtp.close)
})
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('a production install', () => {
  it('(npm ci --omit=dev, NODE_ENV=production npm start) serves the pages and delivers a form', async () => {
    const install = await productionInstall()
    cleanups.push(install.remove)
    const copy = install.dir
    // Nothing of the development toolchain is there to lean on.
    for (const devOnly of ['vite', 'tsx', 'typescript', 'vitest', '@playwright/test', 'react', '@mantine/core'])
      expect(existsSync(join(copy, 'node_modules', devOnly)), devOnly).toBe(false)
    // Each production dependency is there because the compiled server or the config check imports it, and the other way round.
    const dependencies = Object.keys(JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).dependencies as Record<string, string>).sort()
    const imported = new Set([...packagesImportedBy(join(copy, 'build', 'server')), ...packagesImportedFromSource(join(root, 'scripts', 'validate.ts'))])
    expect(dependencies).toEqual([...imported].sort())
    const bytes = installBytes(join(copy, 'node_modules'))
    const installedMb = bytes.packages / 1024 / 1024
    console.log(
      `production install: ${installedMb.toFixed(1)} MB of packages in node_modules (limit ${PRODUCTION_INSTALL_LIMIT_MB} MB), and the Node runtime's ${(bytes.runtime / 1024 / 1024).toFixed(1)} MB`,
    )
    expect(installedMb).toBeLessThan(PRODUCTION_INSTALL_LIMIT_MB)

    // The editor's accounts command runs on this install too (`npm run editor:user` is `node bin/start.mjs editor-user`).
    expect(JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).scripts['editor:user']).toBe('node bin/start.mjs editor-user')
    const accountsFile = join(copy, 'editor-accounts.json')
    const editorUser = (args: string[], input = '') =>
      execFileSync(process.execPath, ['bin/start.mjs', 'editor-user', ...args], {
        cwd: copy,
        input,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production', EDITOR_ACCOUNTS_FILE: accountsFile },
      })
    expect(editorUser(['add', 'asha'], 'a production passphrase\n')).toContain('Account "asha" made')
    expect(editorUser(['list'])).toMatch(/^asha {2}admin {2}made /)

    const outbox = await temporaryOutbox()
    cleanups.push(outbox.remove)
    // `npm start` is `node bin/start.mjs`; run without npm's wrapper so stopping it stops the server,
    // on the install's own Node (node_modules/.bin/node, from the lockfile), as deploy/site.service runs it.
    const start = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).scripts.start as string
    expect(start).toBe('node bin/start.mjs')
    const server = await startSiteServer({
      outboxDir: outbox.dir,
      smtpUrl: smtp.url,
      cwd: copy,
      command: [join(copy, 'node_modules', '.bin', 'node'), 'bin/start.mjs'],
      env: { NODE_ENV: 'production', EDITOR: 'on', EDITOR_ACCOUNTS_FILE: accountsFile },
    })
    cleanups.push(server.stop)

    const page = await fetch(`${server.url}/about`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-")
    expect(await page.text()).toContain('<h1')
    // EDITOR=on: the sign-in works end to end with that account.
    const signInPage = await fetch(`${server.url}/_editor/sign-in`)
    const signInCookie = signInPage.headers.getSetCookie()[0]!.split(';')[0]!
    const csrf = /name="csrf" value="([^"]+)"/.exec(await signInPage.text())![1]!
    const signIn = await fetch(`${server.url}/_editor/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, cookie: signInCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, next: '/_editor', account: 'asha', password: 'a production passphrase' }),
    })
    expect(signIn.status).toBe(303)
    const session = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('editor_session='))!
      .split(';')[0]!
    // The built editor's page, and the session it works in (the page shows "Signed in as asha" from it).
    expect(await (await fetch(`${server.url}/_editor`, { headers: { cookie: session } })).text()).toContain('<title>Site editor</title>')
    const editorSession = (await (await fetch(`${server.url}/_editor/api/session`, { headers: { cookie: session } })).json()) as { account: string; csrfToken: string }
    expect(editorSession).toMatchObject({ account: 'asha' })
    // The editor's check runs in a thread of its own, from the compiled file beside the server (build/server/check-worker.js).
    const document = (await (await fetch(`${server.url}/_editor/api/document`, { headers: { cookie: session } })).json()) as { version: string; config: unknown }
    const checked = await fetch(`${server.url}/_editor/api/check`, {
      method: 'POST',
      headers: { cookie: session, origin: server.url, 'x-csrf-token': editorSession.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify(document),
    })
    expect([checked.status, await checked.json()]).toEqual([200, { problems: [], problemCount: 0 }])

    const answer = await post(server.url, contact)
    expect(answer.status).toBe(200)
    await until('the mail', () => smtp.received.some(({ parsed }) => parsed.text?.includes('Production install check.')), 15_000)
  }, 300_000)
})

describe('SIGTERM', () => {
  it('lets the request in flight finish, closes idle connections and exits 0 within 10 s', async () => {
    const outbox = await temporaryOutbox()
    cleanups.push(outbox.remove)
    const server = await startSiteServer({ outboxDir: outbox.dir, smtpUrl: smtp.url })
    cleanups.push(server.stop)

    // An idle keep-alive connection must not hold the stop up.
    const idle = net.connect(server.port, '127.0.0.1')
    idle.on('error', () => {})
    idle.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n')
    // A submission whose body is still arriving when the signal comes.
    const body = JSON.stringify({ ...contact, message: 'Sent across a graceful stop.' })
    const inFlight = net.connect(server.port, '127.0.0.1')
    let answer = ''
    inFlight.on('data', (chunk) => (answer += chunk.toString()))
    const answered = new Promise((resolve) => inFlight.on('close', resolve))
    inFlight.write(
      `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nx-api-key: dev-key\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 300))

    const signalled = Date.now()
    process.kill(Number(server.pid), 'SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    inFlight.write(body.slice(20)) // not end(): a client that half-closes gets no answer from Node
    await answered
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    expect(await server.exited).toBe(0)
    expect(Date.now() - signalled).toBeLessThan(10_000)
    // Accepted means kept: delivered before the stop, or still pending on disk for the next start.
    const delivered = smtp.received.some(({ parsed }) => parsed.text?.includes('Sent across a graceful stop.'))
    const pending = readdirSync(join(outbox.dir, 'pending')).filter((name) => name.endsWith('.json'))
    expect(delivered ? 1 : pending.length).toBe(1)
    idle.destroy()
  }, 60_000)
})
