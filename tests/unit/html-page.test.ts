import { describe, expect, it } from 'vitest'
import { inlineStylesheets, splitHeadTags, startAfterFirstPaint } from '../../content/html-page.ts'

describe('prerendered page HTML', () => {
  it("moves the head tags React rendered first (HeadContent's) out of the app into <head>", () => {
    const app = '<title>About | Co</title><meta name="description" content="d"/><link rel="canonical" href="https://x/about"/><a href="#main">Skip</a><meta itemprop="x"/>'
    expect(splitHeadTags(app)).toEqual({
      head: '<title>About | Co</title>\n    <meta name="description" content="d"/>\n    <link rel="canonical" href="https://x/about"/>',
      body: '<a href="#main">Skip</a><meta itemprop="x"/>',
    })
    expect(() => splitHeadTags('<a href="#main">Skip</a>')).toThrow(/HeadContent/)
  })

  it('inlines every stylesheet in its place, so the cascade order stays the same', () => {
    const css: Record<string, string> = { '/assets/index-a.css': '.base{color:red}', '/assets/Block-b.css': '.block{color:blue}' }
    const html = `<head><link rel="stylesheet" crossorigin href="/assets/index-a.css"><meta name="x" />\n<link rel="stylesheet" href="/assets/Block-b.css" /></head>`
    expect(inlineStylesheets(html, (href) => css[href]!)).toBe(
      '<head><style>.base{color:red}</style><link rel="stylesheet" href="/assets/index-a.css" disabled /><meta name="x" />\n' +
        '<style>.block{color:blue}</style><link rel="stylesheet" href="/assets/Block-b.css" disabled /></head>',
    )
  })

  it('cannot let a stylesheet end its <style> element early', () => {
    const html = '<link rel="stylesheet" href="/assets/odd.css">'
    expect(inlineStylesheets(html, () => '.a::after{content:"</style><script>"}')).toMatch(/^<style>\.a::after\{content:"<\\\/style><script>"\}<\/style>/)
  })

  it('requests the entry and every page chunk only once the page has painted and loaded', async () => {
    const html = [
      '<head><link rel="modulepreload" crossorigin href="/assets/jsx-runtime-r.js">',
      '<script type="module" crossorigin src="/assets/index-x.js"></script></head>',
    ].join('\n')
    const started = startAfterFirstPaint(html, ['assets/page-home-p.js', 'assets/CardGrid-c.js'])
    expect(started).not.toContain('<link rel="modulepreload"')
    expect(started).not.toContain('src="/assets/index-x.js"')

    // The inline script run against a page that has neither painted nor loaded yet.
    const script = /<script type="module">(.*)<\/script>/s.exec(started)![1]!.replace(/\bimport\(/g, 'importModule(')
    const requested: string[] = []
    let paint: (() => void) | undefined
    let load: (() => void) | undefined
    class PaintObserver {
      static supportedEntryTypes = ['paint']
      private readonly report: (list: unknown, observer: PaintObserver) => void
      constructor(report: (list: unknown, observer: PaintObserver) => void) {
        this.report = report
      }
      observe() {
        paint = () => this.report({}, this)
      }
      disconnect() {}
    }
    const page = {
      PerformanceObserver: PaintObserver,
      document: { readyState: 'interactive', head: { append: (link: { href: string }) => requested.push(link.href) }, createElement: () => ({}) },
      addEventListener: (_: string, listener: () => void) => (load = listener),
      setTimeout: (run: () => void) => run(),
      requestAnimationFrame: () => {},
      importModule: (src: string) => requested.push(`import ${src}`),
    }
    new Function(...Object.keys(page), script)(...Object.values(page))
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    await settle()
    expect(requested).toEqual([])
    paint!()
    await settle()
    expect(requested).toEqual([])
    load!()
    await settle()
    expect(requested).toEqual(['/assets/jsx-runtime-r.js', '/assets/page-home-p.js', '/assets/CardGrid-c.js', 'import /assets/index-x.js'])
  })
})
