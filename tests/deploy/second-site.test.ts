// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import { startSiteServer, temporaryOutbox, type SiteServer } from '../../scripts/harness/site-server.ts'
import { addDays, todayIn, weekdayOf } from '../../site/date-rules.ts'
import { localDate } from '../../site/locale-format.ts'
import { solvedProof } from '../server/support/form-actions.ts'
import { startSmtpServer, waitFor, type SmtpTestServer } from '../server/support/smtp-test-server.ts'

/*
 * The test that keeps the runtime free of this company: another business's whole site (a dental
 * practice in Freiburg, in German: its own routes, menus, theme, office and a booking form with a
 * date and a choice) lives in tests/fixtures/second-site/ with its own public/. It is validated,
 * built with SITE_DIR (into a folder of its own), served by the production server and crawled
 * from its sitemap and links: every page answers with its own title, none of this company's words is on
 * any page or in any script, and its form arrives as mail with its own labels. One build.
 */

const siteDir = join(root, 'tests', 'fixtures', 'second-site')
const site = JSON.parse(readFileSync(join(siteDir, 'site.config.json'), 'utf8')) as { site: { name: string }; routes: Array<{ path: string; title: string }> }
const scratch = mkdtempSync(join(tmpdir(), 'second-site-'))
const outDir = join(scratch, 'dist')
const cleanups: Array<() => unknown> = [() => rmSync(scratch, { recursive: true, force: true })]
let smtp: SmtpTestServer
let server: SiteServer

/** This company's words, read from its own config: its names, places and addresses, and the words of its trade. */
function companyWords(): string[] {
  const shipped = JSON.parse(readFileSync(join(root, 'site.config.json'), 'utf8')) as {
    site: { name: string; shortName?: string; phone: string; email: string; offices: Array<{ city: string }> }
  }
  const { name, shortName, phone, email, offices } = shipped.site
  return [name, shortName ?? '', name.split(' ')[0]!, phone, email.split('@')[1]!, ...offices.map((office) => office.city), 'India', 'Cyber', 'ISO 27001'].filter(Boolean)
}

/** A command as a person types it in the project: no site chosen by whoever runs the tests. */
function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const inherited = Object.entries(process.env).filter(([name]) => !/^(npm_|SITE_)|^INIT_CWD$/.test(name))
  execFileSync(command, args, { cwd: root, env: { ...Object.fromEntries(inherited), ...env }, stdio: 'pipe', timeout: 240_000 })
}

beforeAll(async () => {
  if (!existsSync(join(root, 'build', 'server', 'main.js'))) throw new Error('These tests run the compiled server: `npm run build` first (npm test does).')
  run('npm', ['run', '-s', 'validate'], { SITE_DIR: siteDir })
  run('npm', ['run', '-s', 'build'], { SITE_DIR: siteDir, SITE_OUT_DIR: outDir })
  smtp = await startSmtpServer()
  cleanups.push(smtp.close)
  const outbox = await temporaryOutbox()
  cleanups.push(outbox.remove)
  server = await startSiteServer({
    outboxDir: outbox.dir,
    smtpUrl: smtp.url,
    env: { DIST_DIR: outDir, MAIL_FROM: 'Praxis Sonnenhof <web@praxis-sonnenhof.example>', ALTCHA_HMAC_KEY: 'a-test-key-for-the-second-site-proofs' },
  })
  cleanups.push(server.stop)
})

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** Every page its sitemap names or its pages link to, as a search engine finds them, with its HTML. */
async function crawl(): Promise<Map<string, string>> {
  const pages = new Map<string, string>()
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
  const queue = ['/', ...[...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map(([, path]) => path!)]
  while (queue.length > 0) {
    const path = queue.shift()!
    if (pages.has(path)) continue
    const answer = await fetch(server.url + path)
    expect(answer.status, path).toBe(200)
    const html = await answer.text()
    pages.set(path, html)
    for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) if (!pages.has(href!) && !/\.\w+$/.test(href!)) queue.push(href!)
  }
  return pages
}

describe("another business's site, from its own config and public/ alone", () => {
  it('has at least ten pages, each in its sitemap and answered with its own title, in German', async () => {
    const pages = await crawl()
    expect(site.routes.length).toBeGreaterThanOrEqual(10)
    expect([...pages.keys()].sort()).toEqual(site.routes.map((route) => route.path).sort())
    for (const route of site.routes) {
      const html = pages.get(route.path)!
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], route.path).toBe(`${route.title} | ${site.site.name}`)
      expect(html, route.path).toContain('<html lang="de-DE"')
    }
    // Its numbers in its locale's format.
    expect(pages.get('/')).toContain('1.500')
  })

  it("carries no word of this company's on any page or in any script", async () => {
    const pages = await crawl()
    const scripts = readdirSync(join(outDir, 'assets'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
      .map((entry) => ({ name: entry.name, text: readFileSync(join(entry.parentPath, entry.name), 'utf8') }))
    expect(scripts.length).toBeGreaterThan(0)
    const texts = [...[...pages].map(([path, html]) => ({ name: path, text: html })), ...scripts]
    for (const word of companyWords()) for (const { name, text } of texts) expect(text.toLowerCase().includes(word.toLowerCase()), `"${word}" in ${name}`).toBe(false)
  })

  it('takes its booking form (a date, a choice, a proof of work) and mails it with its own labels, and the visitor its confirmation', async () => {
    const post = async (payload: Record<string, unknown>) => {
      const challenge = await (await fetch(`${server.url}/api/altcha/termin`)).json()
      return fetch(`${server.url}/api/termin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'dev-key' },
        body: JSON.stringify({ ...payload, altcha: await solvedProof(challenge) }),
      })
    }
    // The booking takes days from tomorrow (in Berlin), within 60 days, not Sundays: the day after tomorrow, or the Monday after.
    const dayAfterTomorrow = addDays(todayIn('Europe/Berlin', Date.now()), 2)
    const day = weekdayOf(dayAfterTomorrow) === 'sun' ? addDays(dayAfterTomorrow, 1) : dayAfterTomorrow
    const booking = { name: 'Miriam Keller', email: 'miriam@example.org', wunschtermin: day, behandlung: 'reinigung', hinweis: 'Gern vormittags.' }
    const answer = await post(booking)
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { message: string }).message).toBe('Danke! Wir bestätigen Ihren Termin per E-Mail.')
    const refused = await post({ ...booking, wunschtermin: '2026-02-30', behandlung: 'wurzel' })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { data: { fields: string[] } }).data.fields).toEqual(['wunschtermin', 'behandlung'])

    await waitFor(() => smtp.received.length === 2, 15_000)
    const mail = smtp.received.find(({ envelope }) => envelope.to.includes('sales@example.com'))!.parsed
    expect(mail.subject).toBe(`Terminanfrage: Miriam Keller — ${day}`)
    // The day in the mail's text as the site writes dates: in German ("1. Dezember 2026").
    for (const line of ['Ihr Name: Miriam Keller', `Wunschtermin: ${localDate(day, 'de-DE')}`, 'Behandlung: reinigung', 'Hinweis: Gern vormittags.'])
      expect(mail.text).toContain(line)
    const confirmation = smtp.received.find(({ envelope }) => envelope.to.includes('miriam@example.org'))!.parsed
    expect(confirmation.subject).toBe('Ihre Terminanfrage, Miriam Keller')
    expect(confirmation.text).toContain(`wir haben Ihre Anfrage für den ${localDate(day, 'de-DE')} erhalten`)
    // This company's forms are not this site's.
    expect((await fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404)
  })
})
