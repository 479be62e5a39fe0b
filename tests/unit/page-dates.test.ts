import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { withSchemaDefaults } from '../../authoring/config/config-defaults.ts'
import { configFileDay, pageDatesOf } from '../../content/page-dates.ts'
import { sitemapXml } from '../../content/sitemap.ts'
import type { Block, SiteConfig } from '../../site/generated/site-config.ts'

const shipped = () => withSchemaDefaults(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../site.config.json'), 'utf8')) as SiteConfig)
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe("each page's last change, the sitemap's lastmod", () => {
  it('keeps the earlier day of a page left as it was, and gives today to a page edited or added', () => {
    const before = shipped()
    const first = pageDatesOf(before, undefined, '2024-05-01')
    expect(new Set(Object.values(first))).toEqual(new Set(['2024-05-01']))
    const after = shipped()
    after.routes.find((route) => route.path === '/about')!.title = 'About us, edited'
    after.routes.push({ ...after.routes.find((route) => route.path === '/career')!, path: '/jobs', aliases: [] })
    const dates = pageDatesOf(after, { config: before, dates: first }, '2024-06-10')
    expect(dates['/about']).toBe('2024-06-10')
    expect(dates['/jobs']).toBe('2024-06-10')
    expect(dates['/contact']).toBe('2024-05-01')
    expect(dates['/']).toBe('2024-05-01')
  })

  it("changes no page's day for what is around every page: the footer, the menus, the site's settings", () => {
    const before = shipped()
    const first = pageDatesOf(before, undefined, '2024-05-01')
    const after = shipped()
    after.site.phone = '+91 33 4000 9999'
    expect(new Set(Object.values(pageDatesOf(after, { config: before, dates: first }, '2024-06-10')))).toEqual(new Set(['2024-05-01']))
  })

  it('writes each day as lastmod in the sitemap, in W3C date format, beside its page', () => {
    const route = (path: string) => ({ path, blocks: [{ type: 'pageHero' } as Block] })
    const xml = sitemapXml('https://www.example.com', [route('/'), route('/about')], {}, { '/': '2024-05-01', '/about': '2024-06-10' })
    expect(xml).toContain('<url><loc>https://www.example.com/</loc><lastmod>2024-05-01</lastmod></url>')
    expect(xml).toContain('<url><loc>https://www.example.com/about</loc><lastmod>2024-06-10</lastmod></url>')
  })

  it('dates a config file by its last commit while it is as committed, by its modification once edited', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'config-day-'))
    dirs.push(repo)
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: repo, env: { ...process.env, GIT_COMMITTER_DATE: '2023-03-04T10:00:00Z', GIT_AUTHOR_DATE: '2023-03-04T10:00:00Z' } })
    const file = path.join(repo, 'site.config.json')
    fs.writeFileSync(file, '{}')
    git('init', '-q')
    git('add', 'site.config.json')
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'config')
    expect(configFileDay(file)).toBe('2023-03-04')
    fs.writeFileSync(file, '{ }')
    fs.utimesSync(file, new Date('2024-01-02T12:00:00Z'), new Date('2024-01-02T12:00:00Z'))
    expect(configFileDay(file)).toBe('2024-01-02')
  })
})
