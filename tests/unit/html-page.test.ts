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

  /**
   * The start-up script of a page run against a page that has not painted yet, with a picture
   * loading on its first screen, one loaded already, and one loading beside the window and one
   * below it (neither of which holds it).
   */
  function startUp() {
    const html = [
      '<head><link rel="modulepreload" crossorigin href="/assets/jsx-runtime-r.js">',
      '<script type="module" crossorigin src="/assets/index-x.js"></script></head>',
    ].join('\n')
    const started = startAfterFirstPaint(html, ['assets/page-home-p.js', 'assets/CardGrid-c.js'])
    const script = /<script type="module">(.*)<\/script>/s.exec(started)![1]!.replace(/\bimport\(/g, 'importModule(')
    const requested: string[] = []
    const timers: (() => void)[] = []
    let paint = () => {}
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
    const picture = (top: number, left: number, complete: boolean) => {
      const listeners = new Map<string, () => void>()
      const box = { top, bottom: top + 300, left, right: left + 400, width: 400 }
      return {
        complete,
        getBoundingClientRect: () => box,
        addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
        fire: (type: string) => listeners.get(type)?.(),
      }
    }
    const hero = picture(100, 0, false)
    const page = {
      PerformanceObserver: PaintObserver,
      innerHeight: 800,
      innerWidth: 1200,
      document: {
        images: [hero, picture(50, 0, true), picture(100, 1300, false), picture(2000, 0, false)],
        head: { append: (link: { href: string }) => requested.push(link.href) },
        createElement: () => ({}),
      },
      // The start's own timer turn runs at once; the longest wait for pictures is held for the test.
      setTimeout: (run: () => void, ms = 0) => (ms ? timers.push(run) : run()),
      requestAnimationFrame: () => {},
      importModule: (src: string) => requested.push(`import ${src}`),
    }
    new Function(...Object.keys(page), script)(...Object.values(page))
    return { started, requested, paint: () => paint(), hero, waitRunsOut: () => timers.forEach((run) => run()) }
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  const everyScript = ['/assets/jsx-runtime-r.js', '/assets/page-home-p.js', '/assets/CardGrid-c.js', 'import /assets/index-x.js']

  it("requests the entry and every page chunk only once the page has painted and its first screen's pictures are in", async () => {
    const page = startUp()
    expect(page.started).not.toContain('<link rel="modulepreload"')
    expect(page.started).not.toContain('src="/assets/index-x.js"')
    await settle()
    expect(page.requested).toEqual([])
    page.paint()
    await settle()
    expect(page.requested).toEqual([])
    // A picture that fails counts as in: the page starts all the same.
    page.hero.fire('error')
    await settle()
    expect(page.requested).toEqual(everyScript)
  })

  it('waits no longer than its limit for a picture that never loads', async () => {
    const page = startUp()
    page.paint()
    await settle()
    expect(page.requested).toEqual([])
    page.waitRunsOut()
    await settle()
    expect(page.requested).toEqual(everyScript)
  })
})
