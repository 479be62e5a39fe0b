// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicDir as projectPublicDir, root } from '../../scripts/lib/paths.ts'
import type { SiteServer } from '../../scripts/harness/site-server.ts'
import { waitFor, type SmtpTestServer } from '../server/support/smtp-test-server.ts'
import { serveBuild } from '../helpers/served-build.ts'

/*
 * A second site, one command away: `npm run new-site` writes it, `SITE_DIR=<folder> npm run build`
 * builds it (into a folder of its own, so the project's dist/ is left alone) and the production
 * server serves it. Its pages carry its name, its logo comes from its own public/, and nothing of
 * this company's public/ ships with it. One build: about a minute.
 */

const NAME = 'Harbour Lane Bakery'
const scratch = mkdtempSync(join(tmpdir(), 'new-site-deploy-'))
const siteDir = join(scratch, 'harbour-lane')
const outDir = join(scratch, 'new-site-dist')
const cleanups: Array<() => unknown> = [() => rmSync(scratch, { recursive: true, force: true })]
let smtp: SmtpTestServer
let server: SiteServer

/** A command as a person types it in the project: no site chosen by whoever runs the tests. */
function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(npm_|SITE_)|^INIT_CWD$/.test(name))
  execFileSync(command, args, { cwd: root, env: { ...Object.fromEntries(inherited), ...env }, stdio: 'pipe', timeout: 240_000 })
}

beforeAll(async () => {
  if (!existsSync(join(root, 'build', 'server', 'main.js'))) throw new Error('These tests run the compiled server: `npm run build` first (npm test does).')
  run('npm', ['run', '-s', 'new-site', '--', siteDir, '--name', NAME])
  run('npm', ['run', '-s', 'build'], { SITE_DIR: siteDir, SITE_OUT_DIR: outDir })
  const served = await serveBuild(outDir)
  cleanups.push(served.stop)
  ;({ server, smtp } = served)
})

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('a site made with npm run new-site, built with SITE_DIR and served by the production server', () => {
  it('answers its home, about and contact pages with its own name in the title', async () => {
    for (const [path, title] of [
      ['/', 'Home'],
      ['/about', 'About'],
      ['/contact', 'Contact'],
    ]) {
      const answer = await fetch(server.url + path)
      expect(answer.status, path).toBe(200)
      expect(/<title>([^<]*)<\/title>/.exec(await answer.text())?.[1], path).toBe(`${title} | ${NAME}`)
    }
  })

  it('serves its logo and favicon from its own public/', async () => {
    for (const file of ['logo.svg', 'favicon.svg']) {
      const answer = await fetch(`${server.url}/${file}`)
      expect(answer.status, file).toBe(200)
      expect(await answer.text(), file).toBe(readFileSync(join(siteDir, 'public', file), 'utf8'))
    }
  })

  it("ships none of this company's pictures: every other file of the project's public/ answers 404", async () => {
    const companyFiles = readdirSync(projectPublicDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => '/' + relative(projectPublicDir, join(entry.parentPath, entry.name)).split('\\').join('/'))
      .filter((file) => file !== '/favicon.svg')
    expect(companyFiles.filter((file) => file.startsWith('/images/partners/')).length).toBeGreaterThan(0)
    for (const file of companyFiles) expect((await fetch(server.url + encodeURI(file))).status, file).toBe(404)
  })

  it('takes its contact form at /api/contact and mails it with the labels its config declares', async () => {
    const answer = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key' },
      body: JSON.stringify({ name: 'Nina Patel', email: 'nina@example.org', phone: '', subject: 'order', message: 'Two sourdough loaves for Saturday, please.' }),
    })
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { message: string }).message).toBe('Thank you, your message is on its way. We will reply soon.')
    await waitFor(() => smtp.received.length === 1, 15_000)
    const mail = smtp.received[0]!.parsed
    expect(mail.subject).toBe('Contact form: Nina Patel — order')
    expect(mail.text).toContain('Your name: Nina Patel')
    expect(mail.text).toContain('Message: Two sourdough loaves for Saturday, please.')
    expect(mail.replyTo?.text).toBe('nina@example.org')
    // The forms it does not declare have no endpoint.
    expect((await fetch(`${server.url}/api/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404)
  })
})
