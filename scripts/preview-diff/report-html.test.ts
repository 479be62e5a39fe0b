import { describe, expect, it } from 'vitest'
import type { PreviewResult } from './preview-result'
import { reportHtml } from './report-html'
import { markdownSummary, textSummary } from './summaries'

const hostile = '<img src=x onerror=alert(1)>|[link](https://evil.example)'
const image = { uri: 'data:image/webp;base64,AAAA', width: 390, height: 800 }
const result: PreviewResult = {
  baseRef: 'origin/main',
  baseCommit: '0123456789abcdef0123',
  compared: 33,
  siteWide: [],
  configOnly: [],
  pages: [
    {
      route: '/about',
      status: 'changed',
      config: { path: '/about', status: 'changed', fields: [], blocks: [{ kind: 'changed', type: hostile, index: 1, from: 1, fields: ['heading'] }] },
      widths: [
        { width: 'phone', pixelWidth: 390, before: image, after: image, diff: { changed: 534, total: 3_500_640, image }, unsettled: false },
        { width: 'desktop', pixelWidth: 1280, after: image, diff: { changed: 0, total: 7_439_360 }, unsettled: false },
      ],
    },
  ],
}

describe('the preview report', () => {
  it('escapes the text it takes from the config', () => {
    const html = reportHtml(result)
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })

  it('allows no script and no request: images are inline, the one stylesheet is allowed by its hash', () => {
    const html = reportHtml(result)
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1]
    expect(policy).toMatch(/default-src 'none'; img-src data:; style-src 'sha256-[\w+/=]+'/)
    expect(html).not.toMatch(/<script|\bsrc="(?!data:)|\bhref="(?!#)/)
  })

  it('shows before, after and the changed pixels at a width where pixels changed, one picture where none did', () => {
    const html = reportHtml(result)
    const captions = [...html.matchAll(/<figcaption>([^<]+)<\/figcaption><img src="data:/g)].map((match) => match[1])
    expect(captions).toEqual(['Before', 'After', 'Changed pixels (red, highlighted)', 'Before and after alike'])
    expect(html).toContain('Phone (390 px): 534 px (0.02 %)')
    expect(html).toContain('Desktop (1280 px): 0 px (0 %)')
  })

  it('shows a close-up of the change at full size before the whole pages, saying where on the page it is', () => {
    const closeUp = { top: 2840, before: image, after: image, diff: image }
    const phone = { ...result.pages[0]!.widths[0]!, diff: { changed: 534, total: 3_500_640, image, closeUp } }
    const html = reportHtml({ ...result, pages: [{ ...result.pages[0]!, widths: [phone] }] })
    const captions = [...html.matchAll(/<figcaption>([^<]+)<\/figcaption><img src="data:/g)].map((match) => match[1])
    expect(captions).toEqual(['Before', 'After', 'Changed pixels', 'Before', 'After', 'Changed pixels (red, highlighted)'])
    expect(html).toContain('Close-up of the change, from 2,840 px down the page')
  })

  it('summarises the changed page and its block for the terminal and, Markdown-escaped, for the job summary', () => {
    const text = textSummary(result).join('\n')
    expect(text).toMatch(/changed +\/about .*\n.*blocks\[1\] \(<img src=x/)
    const markdown = markdownSummary(result, 'preview-report/index.html')
    // The config's Markdown and HTML characters backslash-escaped: no HTML, link or table cell of its own.
    expect(markdown).toContain('| /about | changed | blocks\\[1\\] \\(\\<img src\\=x onerror\\=alert\\(1\\)\\>\\|\\[link\\]\\(https\\://evil\\.example\\)\\) changed\\: heading |')
  })
})
