import { describe, expect, it } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { earlierKeysOf, htmlFileOf, pagesToRender } from '../../content/page-keys.ts'
import type { SiteConfig } from '../../site/generated/site-config.ts'
import { bilingualSiteConfig } from '../helpers/bilingual-site.ts'

/**
 * Which pages a publish renders again in a site of two languages (content/page-keys.ts over each
 * language's site): a Bengali text changes Bengali pages only, an English text English pages only.
 */
const bilingual = bilingualSiteConfig()
type Translated = { en: string; bn: string }
const edited = (edit: (config: SiteConfig) => void) => {
  const config = structuredClone(bilingual)
  edit(config)
  return withSchemaDefaults(config)
}
const route = (config: SiteConfig, at: string) => config.routes.find((candidate) => candidate.path === at)!
const built = earlierKeysOf(
  edited(() => {}),
  {},
  () => 2026,
)
const rendered = (edit: (config: SiteConfig) => void) => [...pagesToRender(edited(edit), {}, built, 2026)].sort()
const bengaliPages = ['/bn', '/bn/404.html', '/bn/about', '/bn/contact']

describe('the pages a publish of a two-language site renders again', () => {
  it('every page of every language when nothing was built, the 404 page of each among them', () => {
    const all = pagesToRender(
      edited(() => {}),
      {},
      undefined,
    )
    expect(all.size).toBe(bilingual.routes.length + 1 + 3 + 1)
    expect([...all].filter((page) => page.startsWith('/bn')).sort()).toEqual(bengaliPages)
    expect(rendered(() => {})).toEqual([])
  })

  it('only the Bengali page whose Bengali text changed, only the English page whose English text changed', () => {
    expect(rendered((config) => void ((route(config, '/about').blocks[1] as unknown as { heading: Translated }).heading.bn = 'আমাদের ইতিহাস'))).toEqual(['/bn/about'])
    expect(rendered((config) => void ((route(config, '/about').blocks[1] as unknown as { heading: Translated }).heading.en = 'Our History'))).toEqual(['/about'])
    expect(rendered((config) => void ((route(config, '/contact').description as unknown as Translated).bn = 'লিখুন।'))).toEqual(['/bn/contact'])
  })

  it('every Bengali page and no English one when a shared Bengali text (a menu label, the 404 words) changed', () => {
    expect(rendered((config) => void ((config.navigation.items[1]!.label as unknown as Translated).bn = 'আমরা'))).toEqual(bengaliPages)
    expect(rendered((config) => void ((config.texts!.notFound!.title as unknown as Translated).bn = 'নেই'))).toEqual(bengaliPages)
  })

  it('both languages of a page when it joins or leaves a language: every page carries where the others are', () => {
    const joined = rendered((config) => void (route(config, '/career').title = { en: 'Career', bn: 'কর্মসংস্থান' } as unknown as string))
    expect(joined).toContain('/bn/career')
    expect(joined).toContain('/career')
    expect(joined).toContain('/bn/404.html')
  })

  it("keeps each language's 404 page in its own folder", () => {
    expect(htmlFileOf('/404.html')).toBe('404.html')
    expect(htmlFileOf('/bn/404.html')).toBe('bn/404.html')
    expect(htmlFileOf('/bn/about')).toBe('bn/about/index.html')
  })
})
