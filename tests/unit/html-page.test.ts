import { describe, expect, it } from 'vitest'
import { bootAfterFirstPaint, inlineStylesheets } from '../../scripts/lib/html-page'

describe('prerendered page HTML', () => {
  it('inlines every stylesheet in its place, so the cascade order stays the same', () => {
    const css: Record<string, string> = { '/assets/index-a.css': '.base{color:red}', '/assets/Block-b.css': '.block{color:blue}' }
    const html = `<head><link rel="stylesheet" crossorigin href="/assets/index-a.css"><meta name="x" />\n<link rel="stylesheet" href="/assets/Block-b.css" /></head>`
    expect(inlineStylesheets(html, (href) => css[href]!)).toBe(
      '<head><style>.base{color:red}</style><meta name="x" />\n<style>.block{color:blue}</style></head>',
    )
  })

  it('cannot let a stylesheet end its <style> element early', () => {
    const html = '<link rel="stylesheet" href="/assets/odd.css">'
    expect(inlineStylesheets(html, () => '.a::after{content:"</style><script>"}')).toBe('<style>.a::after{content:"<\\/style><script>"}</style>')
  })

  it('starts the entry script after the first paint, still preloading it at once', () => {
    const html = '<script type="module" crossorigin src="/assets/index-x.js"></script>'
    const booted = bootAfterFirstPaint(html)
    expect(booted).toContain('<link rel="modulepreload" crossorigin href="/assets/index-x.js" />')
    expect(booted).toContain('requestAnimationFrame(() => setTimeout(() => import("/assets/index-x.js")))')
    expect(booted).not.toContain('src="/assets/index-x.js"')
  })
})
