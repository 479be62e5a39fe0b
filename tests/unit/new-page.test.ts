/**
 * `npm run new-page` on a temporary copy of site.config.json: it adds a service page with the
 * cards, reasons and call to action asked for, whose only problems are its texts left to write,
 * changes nothing else in the file (only insertions), adds a menu link on request, and refuses a
 * taken or malformed address, an unknown menu or a number it cannot make, leaving the file as it was.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { findNodeAtLocation, getNodeValue, parseTree } from 'jsonc-parser'
import { afterEach, describe, expect, it } from 'vitest'
import type { Route, SiteConfig } from '../../site/generated/site-config.ts'
import { setJsonValue } from '../../authoring/config/config-edit.ts'
import { addServicePage, ScaffoldRefusal } from '../../authoring/scaffold/add-page.ts'
import { validateConfigText } from '../../authoring/check/index.ts'

const root = path.resolve(import.meta.dirname, '../..')
const original = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
const publicDir = path.join(root, 'public')
const newPath = '/security_solutions/zero_trust'
const temporaryDirs: string[] = []

afterEach(() => {
  for (const dir of temporaryDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Runs the command on a fresh copy of `text`; returns the output and the file afterwards. */
function newPage(args: string[], text = original) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'new-page-'))
  temporaryDirs.push(dir)
  const file = path.join(dir, 'site.config.json')
  fs.writeFileSync(file, text)
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/new-page.ts', '--config', file, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  })
  return { ...result, file, after: fs.readFileSync(file, 'utf8'), leftovers: fs.readdirSync(dir).filter((name) => name !== 'site.config.json') }
}

/**
 * The pieces `after` has on top of `before`, when `after` is `before` with `count` pieces inserted
 * and nothing else changed; fails otherwise. (A piece may start a few characters early or late
 * where the text around it repeats, e.g. `},\n{`, so check its middle, not its ends.)
 */
function insertions(before: string, after: string, count: 1 | 2): string[] {
  let prefix = 0
  while (prefix < before.length && before[prefix] === after[prefix]) prefix++
  let suffix = 0
  while (suffix < before.length - prefix && before.at(-1 - suffix) === after.at(-1 - suffix)) suffix++
  const kept = before.slice(prefix, before.length - suffix)
  const added = after.slice(prefix, after.length - suffix)
  if (count === 1) {
    expect(kept, 'only one piece inserted, nothing else changed').toBe('')
    return [added]
  }
  const at = added.indexOf(kept)
  expect(at, 'the rest of the file is unchanged between the two insertions').toBeGreaterThanOrEqual(0)
  return [added.slice(0, at), added.slice(at + kept.length)]
}

const routesOf = (text: string) => (JSON.parse(text) as SiteConfig).routes

/** The checker's problems with a config, each as the place and code; a new page's only ones are its texts left to write. */
const problemsOf = (text: string) => validateConfigText(text, 'site.config.json').map((problem) => `${problem.where} [${problem.code}]`)
const textsToWrite = (pagePath: string, places: string[]) => places.map((place) => `${pagePath}${place} [empty-text]`)

describe('npm run new-page', () => {
  it('adds a service page with three cards to write after its siblings, lists the texts to write, and changes nothing else', () => {
    const result = newPage(['--path', newPath, '--title', 'Zero Trust'])
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toContain(`✓ Added ${newPath} ("Zero Trust") as routes[`)
    expect(result.stdout).toContain('The page has 4 texts to write, empty for now')
    expect(result.stdout).toMatch(/site\.config\.json:\d+:\d+ {2}\/security_solutions\/zero_trust › blocks\[1\] \(cardGrid\) › cards\[2\]: "text" is empty\./)

    const routes = routesOf(result.after)
    const index = routes.findIndex((route) => route.path === newPath)
    const page = routes[index]!
    expect(page.title).toBe('Zero Trust')
    // No --partners: no logo strip, so no vendor nobody chose; the output names the partners there are.
    expect(page.blocks.map((block) => block.type)).toEqual(['pageHero', 'cardGrid', 'ctaBand'])
    expect(result.stdout).toMatch(/The page has no partner logos, as none were chosen\. .*--partners .*Partners: Adobe, .*Palo Alto Networks, /)
    // Three cards to write, their columns left to follow their number (three in a row).
    expect(page.blocks[1]).toEqual({ type: 'cardGrid', heading: 'What Zero Trust includes', cards: [{ text: '' }, { text: '' }, { text: '' }] })
    // Right after the last other /security_solutions/… page.
    expect(routes[index - 1]!.path.startsWith('/security_solutions/')).toBe(true)
    expect(routes.slice(index + 1).some((route) => route.path.startsWith('/security_solutions/'))).toBe(false)
    expect(problemsOf(result.after)).toEqual(
      textsToWrite(newPath, ['', ' › blocks[1] (cardGrid) › cards[0]', ' › blocks[1] (cardGrid) › cards[1]', ' › blocks[1] (cardGrid) › cards[2]']),
    )

    // Byte for byte, the file is the original with one piece inserted (the diff shows only that).
    insertions(original, result.after, 1)
    expect(routesOf(original)).toEqual(routes.filter((route) => route.path !== newPath))
    expect(result.leftovers).toEqual([])
  })

  it('--menu security also adds a link to the Security Solutions menu', () => {
    const result = newPage(['--path', newPath, '--title', 'Zero Trust', '--menu', 'security'])
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('✓ Added "Zero Trust" to the Services › Security Solutions menu')
    const menu = (JSON.parse(result.after) as SiteConfig).navigation.items
      .flatMap((item) => ('items' in item ? item.items : []))
      .find((entry) => entry.label === 'Security Solutions')
    expect(menu && 'items' in menu ? menu.items.at(-1) : undefined).toEqual({ label: 'Zero Trust', to: newPath })

    const [link, page] = insertions(original, result.after, 2)
    expect(link).toContain('"Zero Trust"')
    expect(page).toContain('"What Zero Trust includes"')
  })

  it("--partners puts the named partners' logos on the page, in that order, matched to public/images/partners/", () => {
    const result = newPage(['--path', newPath, '--title', 'Zero Trust', '--partners', 'palo alto networks, Fortinet,HPE'])
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('with the logos of Palo Alto Networks, Fortinet, Hewlett Packard Enterprise in ')
    const page = routesOf(result.after).find((route) => route.path === newPath)!
    const strip = page.blocks.find((block) => block.type === 'logoStrip')
    expect(strip && 'logos' in strip ? strip.logos.map((logo) => logo.src) : []).toEqual([
      '/images/partners/palo-alto-networks.svg',
      '/images/partners/fortinet.svg',
      '/images/partners/hpe.svg',
    ])
    expect(result.stdout).not.toContain('no partner logos')
  })

  it('--cards, --reasons and --no-call-to-action make the sections asked for, each text empty to write', () => {
    const result = newPage(['--path', newPath, '--title', 'Zero Trust', '--cards', '5', '--reasons', '2', '--no-call-to-action'])
    expect(result.status).toBe(0)
    const page = routesOf(result.after).find((route) => route.path === newPath)!
    expect(page.blocks.map((block) => block.type)).toEqual(['pageHero', 'cardGrid', 'valueList'])
    expect(page.blocks[1]).toMatchObject({ cards: Array.from({ length: 5 }, () => ({ text: '' })) })
    expect(page.blocks[2]).toEqual({
      type: 'valueList',
      heading: `Why choose ${(JSON.parse(original) as SiteConfig).site.name}`,
      items: [
        { title: '', text: '' },
        { title: '', text: '' },
      ],
    })
    expect(result.stdout).toContain('The page has 10 texts to write')

    const noCards = newPage(['--path', newPath, '--title', 'Zero Trust', '--cards', '0'])
    expect(
      routesOf(noCards.after)
        .find((route) => route.path === newPath)!
        .blocks.map((block) => block.type),
    ).toEqual(['pageHero', 'ctaBand'])
  })

  it.each([['13'], ['-1'], ['three'], ['2.5']])('--cards %s is refused in words, and the file is left as it was', (count) => {
    const result = newPage(['--path', newPath, '--title', 'Zero Trust', `--cards=${count}`])
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/^✗ The number of cards is a whole number from 0 to 12 \(0 leaves them out\), not /)
    expect(result.after).toBe(original)
  })

  it('--partners with a misspelt name is refused with a did-you-mean, and the file is left as it was', () => {
    const result = newPage(['--path', newPath, '--title', 'Zero Trust', '--partners', 'Palo Alto Netwroks, Fortinet'])
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(/^✗ There is no partner logo "Palo Alto Netwroks" in public\/images\/partners\/\. Did you mean "Palo Alto Networks"\? Partners: Adobe, /)
    expect(result.stderr).toContain('site.config.json was not changed.')
    expect(result.after).toBe(original)
  })

  it('refuses an address that exists, with a clear message, and leaves the file untouched', () => {
    const contact = routesOf(original).find((route) => route.path === '/contact')!
    const result = newPage(['--path', '/CONTACT', '--title', 'Contact'])
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe(
      [
        `✗ /CONTACT already exists: addresses ignore letter case, so it is the page /contact ("${contact.title}"). Choose another --path, or edit that page instead.`,
        `  ${result.file} was not changed.`,
      ].join('\n'),
    )
    expect(result.after).toBe(original)
    expect(result.leftovers).toEqual([]) // no lock left behind
  })
})

describe('a page for another business', () => {
  const shipped = JSON.parse(original) as SiteConfig
  // This company's words: its names, and what its trade and country put into its copy.
  const companyWords = [shipped.site.name, shipped.site.shortName!, 'ISO', 'India', 'cyber', 'security', 'certified', 'quote', 'expert', '24/7']
  /** The shipped config as a dental practice's: its own name, and its contact page at /reach-us. */
  const otherBusiness = setJsonValue(setJsonValue(original, ['site', 'name'], 'Harbour Dental Practice'), ['site', 'shortName'], 'Harbour Dental').replaceAll(
    '"/contact"',
    '"/reach-us"',
  )
  const pageOf = (text: string, pagePath: string) => routesOf(text).find((route) => route.path === pagePath)!
  const linksOf = (page: Route) => JSON.stringify(page).match(/"to":"[^"]*"/g) ?? []

  it.each(['service', 'text', 'empty'] as const)(
    'the %s template writes none of this company’s words and nothing made up: its texts are the title, the site’s own words, or empty',
    (template) => {
      const { text } = addServicePage(otherBusiness, { path: '/implants', title: 'Dental Implants', template, sections: { reasons: 2 } }, publicDir)
      const page = pageOf(text, '/implants')
      for (const word of companyWords) expect(JSON.stringify(page).toLowerCase(), word).not.toContain(word.toLowerCase())
      // Every text of the page: the title, words made of it or of the company's name, a menu's label, or nothing.
      const texts = JSON.stringify(page).match(/"(?:heading|title|text|label|description|eyebrow)":"[^"]*"/g) ?? []
      const allowed = /^"\w+":"(|Dental Implants|What Dental Implants includes|Why choose Harbour Dental Practice|Interested in Dental Implants\?|Contact)"$/
      expect(texts.filter((found) => !allowed.test(found))).toEqual([])
      expect(JSON.stringify(page)).not.toMatch(/Describe|Write |placeholder|First |Second /)
      expect(validateConfigText(text, 'site.config.json').every((problem) => problem.routePath === '/implants' && problem.code === 'empty-text')).toBe(true)
    },
  )

  it("the service page's buttons lead to the page with the contact form, named as in the menu", () => {
    const { text } = addServicePage(otherBusiness, { path: '/implants', title: 'Dental Implants', sections: { reasons: 1 } }, publicDir)
    const page = pageOf(text, '/implants')
    expect(linksOf(page)).toEqual(['"to":"/reach-us"', '"to":"/reach-us"'])
    expect(JSON.stringify(page)).toContain('Why choose Harbour Dental Practice')
    expect(page.blocks.find((block) => block.type === 'ctaBand')).toMatchObject({ actions: [{ label: 'Contact', to: '/reach-us' }] })
  })

  it('without a form or a contact page the buttons lead home, and without a home page there are none', () => {
    const config = JSON.parse(otherBusiness) as SiteConfig
    const plain = config.routes.filter((route) => !route.blocks.some((block) => block.type === 'form') && route.path !== '/reach-us')
    const withRoutes = (routes: Route[]) => JSON.stringify({ ...config, routes }, null, 2)
    const homeOnly = pageOf(addServicePage(withRoutes(plain), { path: '/implants', title: 'Dental Implants' }, publicDir).text, '/implants')
    expect(linksOf(homeOnly)).toEqual(['"to":"/"', '"to":"/"'])

    const homeless = pageOf(addServicePage(withRoutes(plain.filter((route) => route.path !== '/')), { path: '/implants', title: 'Dental Implants' }, publicDir).text, '/implants')
    expect(linksOf(homeless)).toEqual([])
    expect(homeless.blocks.map((block) => block.type)).toEqual(['pageHero', 'cardGrid'])
  })
})

describe("a person's own layout", () => {
  /** `text` with the value at `path` written on one line, as a person might have typed it. */
  function compacted(text: string, path: (string | number)[]) {
    const node = findNodeAtLocation(parseTree(text)!, path)!
    return text.slice(0, node.offset) + JSON.stringify(getNodeValue(node)) + text.slice(node.offset + node.length)
  }

  it('the neighbours of the inserted page and menu link keep their layout, byte for byte', () => {
    const config = JSON.parse(original) as SiteConfig
    const nextRoute = config.routes.findLastIndex((route) => route.path.startsWith('/security_solutions/')) + 1
    const servicesIndex = config.navigation.items.findIndex((item) => item.label === 'Services')
    const services = config.navigation.items[servicesIndex]!
    const securityIndex = 'items' in services ? services.items.findIndex((entry) => entry.label === 'Security Solutions') : -1
    const menuItems = ['navigation', 'items', servicesIndex, 'items', securityIndex, 'items']
    const lastLink = findNodeAtLocation(parseTree(original)!, menuItems)!.children!.length - 1
    const handMade = compacted(compacted(original, ['routes', nextRoute]), [...menuItems, lastLink])

    const { text } = addServicePage(handMade, { path: newPath, title: 'Zero Trust', menu: 'security' }, publicDir)
    const [link, page] = insertions(handMade, text, 2)
    expect(link).toContain('"Zero Trust"')
    expect(page).toContain('"What Zero Trust includes"')
    expect(problemsOf(text).every((problem) => problem.startsWith(newPath) && problem.endsWith('[empty-text]'))).toBe(true)
  })
})

describe('what the scaffold refuses', () => {
  const refusal = (text: string, request: Parameters<typeof addServicePage>[1]) => {
    try {
      addServicePage(text, request, publicDir)
    } catch (error) {
      expect(error).toBeInstanceOf(ScaffoldRefusal)
      return (error as Error).message
    }
    throw new Error(`${request.path} was not refused`)
  }
  const titleOf = (pagePath: string) => routesOf(original).find((route: Route) => route.path === pagePath)!.title

  it('a page address or alias in use, whatever its letter case', () => {
    expect(refusal(original, { path: '/contact', title: 'Contact' })).toBe(
      `/contact already exists: it is the page /contact ("${titleOf('/contact')}"). Choose another --path, or edit that page instead.`,
    )
    expect(refusal(original, { path: '/contact/', title: 'Contact' })).toMatch(/^\/contact already exists: it is the page \/contact/)
    expect(refusal(original, { path: '/Contact', title: 'Contact' })).toBe(
      `/Contact already exists: it is /Contact, another spelling (alias) of the page /contact ("${titleOf('/contact')}"). Choose another --path, or edit that page instead.`,
    )

    const quoteIndex = routesOf(original).findIndex((route) => route.path === '/get-quote')
    const withAlias = setJsonValue(original, ['routes', quoteIndex, 'aliases'], ['/Get-Quote', '/Request-A-Quote'])
    expect(refusal(withAlias, { path: '/request-a-QUOTE', title: 'Quote' })).toBe(
      `/request-a-QUOTE already exists: addresses ignore letter case, so it is /Request-A-Quote, another spelling (alias) of the page /get-quote ("${titleOf('/get-quote')}"). Choose another --path, or edit that page instead.`,
    )
  })

  it('an address that is not one', () => {
    const example = 'Use letters, digits, - and _ between slashes, e.g. /services/consulting.'
    expect(refusal(original, { path: 'zero_trust', title: 'Zero Trust' })).toBe(`"zero_trust" is not a page address: it does not start with /. ${example}`)
    expect(refusal(original, { path: '/security solutions/zero trust', title: 'Zero Trust' })).toBe(
      `"/security solutions/zero trust" is not a page address: it contains a space. ${example}`,
    )
    expect(refusal(original, { path: '/security_solutions//zero_trust', title: 'Zero Trust' })).toBe(
      `"/security_solutions//zero_trust" is not a page address: it has two / in a row. ${example}`,
    )
    expect(refusal(original, { path: '/zero-trust?', title: 'Zero Trust' })).toBe(
      `"/zero-trust?" is not a page address: it contains a character other than letters, digits, - and _. ${example}`,
    )
  })

  it('a number of cards or reasons it cannot make', () => {
    expect(refusal(original, { path: newPath, title: 'Zero Trust', sections: { cards: 1e9 } })).toBe(
      'The number of cards is a whole number from 0 to 12 (0 leaves them out), not 1000000000.',
    )
    expect(refusal(original, { path: newPath, title: 'Zero Trust', sections: { reasons: '3' as unknown as number } })).toBe(
      'The number of reasons is a whole number from 0 to 12 (0 leaves them out), not "3".',
    )
  })

  it('an unknown menu, an empty title, and a config that is not valid JSON', () => {
    expect(refusal(original, { path: newPath, title: 'Zero Trust', menu: 'securty' })).toBe('There is no menu called "securty". Menus: Services, Security Solutions, Resources.')
    expect(refusal(original, { path: newPath, title: '  ' })).toBe('The --title is empty. Give the page a name, e.g. --title "Consulting".')
    const broken = original.replace('"routes": [', '"routes": [,')
    expect(refusal(broken, { path: newPath, title: 'Zero Trust' })).toMatch(
      /^The config has a mistake near line \d+, so no page can be added safely\. Run `npm run validate` to see it/,
    )
  })
})
