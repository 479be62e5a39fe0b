import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availablePartners, pickPartners, unusableLogoFiles } from '../../authoring/scaffold/partners.ts'
import type { Route } from '../../site/generated/site-config.ts'

/**
 * The partner logos offered to a new page (the editor's New page form, `npm run new-page --partners`),
 * from a folder of whatever files people put there.
 */
let publicDir = ''
const files = [
  'zscaler.svg',
  'zscaler.png',
  'hpe.svg',
  'hpe.png',
  'Société-Générale.svg',
  '日本電気.png',
  'acme,inc.svg',
  'palo alto.svg',
  'logo.SVG',
  'a#b.svg',
  'notes.txt',
  '.DS_Store',
  '._zscaler.svg',
]
// The config already shows hpe.png, under the name people know.
const routes = [
  { path: '/', title: 'Home', blocks: [{ type: 'logoStrip', logos: [{ src: '/images/partners/hpe.png', alt: 'HPE', width: 120, height: 40 }] }] },
] as unknown as Route[]

beforeAll(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partners-'))
  const dir = path.join(publicDir, 'images', 'partners')
  fs.mkdirSync(path.join(dir, 'folder.svg'), { recursive: true })
  for (const file of files) fs.writeFileSync(path.join(dir, file), '<svg xmlns="http://www.w3.org/2000/svg"/>')
})
afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }))

describe('the partner logos offered', () => {
  it('are one per name: the file the config shows, else the drawing (SVG) before a bitmap', () => {
    const partners = availablePartners(routes, publicDir)
    const byName = Object.fromEntries(partners.map((partner) => [partner.name, partner.logo.src]))
    expect(partners.map((partner) => partner.name).sort()).toEqual(['Acme,inc', 'HPE', 'Société Générale', 'Zscaler', '日本電気'])
    expect(byName).toMatchObject({ Zscaler: '/images/partners/zscaler.svg', HPE: '/images/partners/hpe.png' })
    // The config's own logo keeps its size; a new one gets the strip's usual size.
    expect(partners.find((partner) => partner.name === 'HPE')!.logo).toEqual({ src: '/images/partners/hpe.png', alt: 'HPE', width: 120, height: 40 })
    expect(partners.find((partner) => partner.name === 'Zscaler')!.logo).toEqual({ src: '/images/partners/zscaler.svg', alt: 'Zscaler', width: 160, height: 60 })
  })

  it('leave out files that cannot be a picture’s address, and say why; hidden files, folders and other files without a word', () => {
    expect(unusableLogoFiles(publicDir).map(({ file, reason }) => `${file}: ${reason}`)).toEqual([
      'a#b.svg: its name has # ? % or \\, which mean something else in a web address: rename it',
      'logo.SVG: a picture path ends in lower case: rename it logo.svg',
      'palo alto.svg: a picture path may not have a space: rename it palo-alto.svg',
    ])
  })

  it('are picked by name from a list, where a name may hold a comma, and a refusal names a file left out and why', () => {
    const partners = availablePartners(routes, publicDir)
    expect(pickPartners(['Acme,inc', 'zscaler'], partners).map((logo) => logo.src)).toEqual(['/images/partners/acme,inc.svg', '/images/partners/zscaler.svg'])
    expect(pickPartners('société générale, HPE', partners).map((logo) => logo.alt)).toEqual(['Société Générale', 'HPE'])
    expect(() => pickPartners(['Palo Alto'], partners, unusableLogoFiles(publicDir))).toThrow(
      'There is no partner logo "Palo Alto" in public/images/partners/. (palo alto.svg is there, but a picture path may not have a space: rename it palo-alto.svg.)',
    )
  })

  it('are none, without failing, for a config of another shape or a missing folder', () => {
    expect(availablePartners({ not: 'a list' } as unknown as Route[], publicDir).map((partner) => partner.name)).toContain('Zscaler')
    expect(availablePartners([{ blocks: [null, { type: 'logoStrip', logos: 'none' }] }] as unknown as Route[], publicDir)).toHaveLength(5)
    expect(availablePartners(routes, path.join(publicDir, 'nowhere'))).toEqual([])
  })
})
