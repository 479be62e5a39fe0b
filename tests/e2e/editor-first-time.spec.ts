import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { root } from '../../scripts/lib/paths.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { editorSession } from './support/editor-session.ts'
import { firstTimeCountFile } from '../../scripts/harness/editor-task-counts.ts'
import { CountedPerson, firstTimeEdits, playFirstTimeEditor } from './support/first-time-editor.ts'

type Entry = { label: string; to?: string; items?: Entry[] }

/**
 * A first-time editor's everyday edits, played in the visual editor on a copy of the site (config
 * and public/): the saved file must hold exactly those edits, and a build of it must show them.
 */
test.describe('visual editor: a first-time editor’s edits', () => {
  const session = editorSession({ ownPublicDir: true })

  test('are saved as exactly those changes, and the built pages show them', async ({ page }) => {
    test.setTimeout(240_000)
    const person = new CountedPerson(page)
    await playFirstTimeEditor(person, session.server.url)
    fs.mkdirSync(path.dirname(firstTimeCountFile), { recursive: true })
    fs.writeFileSync(firstTimeCountFile, JSON.stringify({ clicks: person.clicks, keystrokes: person.keystrokes }))
    console.log(`first-time editor: ${person.clicks} clicks, ${person.keystrokes} keystrokes`)

    const edits = firstTimeEdits
    const saved = JSON.parse(fs.readFileSync(session.config.file, 'utf8')) as SiteConfig
    const newPage = saved.routes.find((route) => route.path === edits.page.path)!
    expect(newPage.title).toBe(edits.page.title)
    const [grid, strip, cta] = (['cardGrid', 'logoStrip', 'ctaBand'] as const).map(
      (type) => newPage.blocks.find((block) => block.type === type) as unknown as Record<string, unknown>,
    )
    expect((grid!.cards as { title: string; text: string }[]).map(({ title, text }) => ({ title, text }))).toEqual(edits.cards)
    expect(strip!.logos).toEqual([
      expect.objectContaining({ src: '/images/partners/fortinet.svg' }),
      { src: edits.partnerLogo.src, alt: edits.partnerLogo.alt, width: expect.any(Number), height: expect.any(Number) },
    ])
    expect(cta).toMatchObject(edits.callToAction)

    // Everything else is the original with exactly the other edits made.
    const expected = JSON.parse(session.config.original) as SiteConfig
    const about = expected.routes.find((route) => route.path === '/about')!
    Object.assign(about, edits.about)
    const moved = edits.movedSection.blockNumber - 1
    about.blocks.splice(moved + 1, 0, ...about.blocks.splice(moved, 1))
    expected.site.phone = edits.phone
    const entries = expected.navigation.items as Entry[]
    entries.find((entry) => entry.label === edits.menuEntry.from)!.label = edits.menuEntry.to
    const home = expected.routes.find((route) => route.path === edits.removedCard.page)!
    const homeGrid = home.blocks.find((block) => block.type === 'cardGrid') as unknown as { cards: unknown[] }
    homeGrid.cards.splice(edits.removedCard.cardNumber - 1, 1)
    const securityMenu = findEntry(entries, 'Security Solutions')!
    securityMenu.items = [...(securityMenu.items ?? []), { label: edits.page.title, to: edits.page.path }]
    expect({ ...saved, routes: saved.routes.filter((route) => route !== newPage) }).toEqual(expected)
    expect(saved.routes.indexOf(newPage)).toBeGreaterThan(0)

    // The site built from the saved folder shows the edits.
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-time-build-'))
    try {
      execFileSync('npx', ['tsx', 'scripts/build.ts'], {
        cwd: root,
        env: { ...process.env, SITE_DIR: path.dirname(session.config.file), SITE_CONFIG: '', SITE_OUT_DIR: outDir, SITE_PAGES_ONLY: '1' },
        stdio: 'pipe',
      })
      const html = (route: string) => fs.readFileSync(path.join(outDir, route === '/' ? '' : route, 'index.html'), 'utf8')
      const created = html(edits.page.path)
      for (const text of [edits.page.title, ...edits.cards.map((card) => card.title), edits.callToAction.heading]) expect(created).toContain(text)
      expect(created).toContain(`src="${edits.partnerLogo.src}"`)
      expect(fs.existsSync(path.join(outDir, edits.partnerLogo.src))).toBe(true)
      expect(html('/about')).toContain(`<title>${edits.about.title}`)
      expect(html('/about')).toContain(`content="${edits.about.description}"`)
      expect(html('/')).toContain(edits.phone)
      expect(html('/')).toContain(`>${edits.menuEntry.to}<`)
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true })
    }
  })
})

function findEntry(entries: Entry[], label: string): Entry | undefined {
  for (const entry of entries) {
    if (entry.label === label) return entry
    const inside = findEntry(entry.items ?? [], label)
    if (inside) return inside
  }
  return undefined
}
