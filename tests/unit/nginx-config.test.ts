import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { nginxServerBlock } from '../../scripts/lib/nginx-config.ts'

const serverBlock = nginxServerBlock({
  distDir: '/srv/site/dist',
  upstreams: ['127.0.0.1:3000'],
  listen: 80,
  routes: [
    { path: '/', aliases: [] },
    { path: '/about', aliases: ['/About'] },
  ],
  policies: {},
  hsts: false,
  bodyLimitBytes: 5 * 1024 * 1024,
  brotli: false,
})

/** The locations that pass a request to Node, as regular expressions (nginx's PCRE reads these as JavaScript does). */
const proxiedPatterns = [...serverBlock.matchAll(/location ~ (\S+) \{\n(?:.*\n)*?\s*proxy_pass /g)].map(([, pattern]) => new RegExp(pattern!))

describe('the generated nginx configuration', () => {
  it('passes the form API, the API description, the probes and the editor to Node, and no page spelled like them', () => {
    expect(proxiedPatterns.length).toBeGreaterThan(0)
    for (const path of ['/_editor_notes', '/healthy', '/apix'])
      expect(
        proxiedPatterns.some((pattern) => pattern.test(path)),
        path,
      ).toBe(false)
    for (const path of ['/api/contact', '/api/openapi.json', '/health', '/ready', '/_editor', '/_editor/sign-in', '/_editor/api/session'])
      expect(
        proxiedPatterns.some((pattern) => pattern.test(path)),
        path,
      ).toBe(true)
  })

  it("sends the API to the upstream it declares, under a name no company's and the same as the systemd unit's", () => {
    const declared = /^upstream (\w+) \{$/m.exec(serverBlock)?.[1]
    expect(declared).toBe('site_node')
    const passedTo = [...serverBlock.matchAll(/proxy_pass http:\/\/(\w+);/g)].map(([, name]) => name)
    expect(passedTo.length).toBeGreaterThan(0)
    expect(new Set(passedTo)).toEqual(new Set([declared]))
    const unit = readFileSync(path.resolve(import.meta.dirname, '../../deploy/site.service'), 'utf8')
    expect(unit).toMatch(/^User=site$/m)
    expect(unit).toContain('systemctl enable --now site\n')
  })

  it('never passes /metrics to Node, and answers it with 404 itself', () => {
    // Behind nginx every request reaches Node from loopback, which Node lets read its metrics.
    for (const path of ['/metrics', '/metrics/', '/Metrics'])
      expect(
        proxiedPatterns.some((pattern) => pattern.test(path)),
        path,
      ).toBe(false)
    expect(serverBlock).toMatch(/location = \/metrics \{\n\s*return 404;\n\s*\}/)
  })
})

describe('the generated nginx configuration of a site in two languages', () => {
  const bilingual = nginxServerBlock({
    distDir: '/srv/site/dist',
    upstreams: ['127.0.0.1:3000'],
    listen: 80,
    routes: [
      { path: '/', aliases: [] },
      { path: '/about', aliases: [] },
      { path: '/bn', aliases: [] },
      { path: '/bn/about', aliases: [] },
    ],
    languagePrefixes: ['/bn'],
    policies: { '/bn/404.html': { scriptHashes: ["'sha256-bengali404'"], frameHosts: [] } },
    hsts: false,
    bodyLimitBytes: 5 * 1024 * 1024,
    brotli: false,
  })

  it('serves each Bengali page from its own file at its prefixed path', () => {
    expect(bilingual).toMatch(/location = \/bn \{\n(?:.*\n)*?\s*try_files \/bn\/index\.html =404;/)
    expect(bilingual).toMatch(/location = \/bn\/about \{\n(?:.*\n)*?\s*try_files \/bn\/about\/index\.html =404;/)
  })

  it('answers an unknown address under /bn/ with the Bengali 404 page and its own policy', () => {
    expect(bilingual).toMatch(/location \/bn\/ \{\n\s*error_page 404 \/bn\/404\.html;/)
    expect(bilingual).toMatch(/location = \/bn\/404\.html \{\n\s*internal;\n(?:.*\n)*?.*sha256-bengali404/)
    expect(serverBlock).not.toContain('/bn/')
  })
})
