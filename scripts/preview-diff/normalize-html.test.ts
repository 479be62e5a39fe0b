import { describe, expect, it } from 'vitest'
import { normalizeHtml } from './normalize-html'

/** A built page's shape (scripts/build.ts): inlined stylesheets, the start-up script list, the router's dehydrated state. */
const page = ({
  hash = 'BC7eQrGu',
  cssHash = 'DFvxzqZM',
  stamp = 1795618059522,
  preloads = ['/assets/PageHero-BC7eQrGu.js', '/assets/use-mounted-CUuHeC_w.js'],
  text = 'Our Story',
  css = '.a{color:red}',
} = {}) =>
  [
    '<head>',
    `<script type="module">painted.then(pictures).then(() => setTimeout(() => { for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href })); import("/assets/index-${hash}.js") }))</script>`,
    `<style>${css}</style><link rel="stylesheet" href="/assets/index-${cssHash}.css" disabled />`,
    `<style>@font-face{src:url(/assets/inter-latin-${hash}.woff2)}</style>`,
    '</head><body>',
    `<h2>${text}</h2><img src="/images/about/team-photo.webp" alt="">`,
    `<script>$R[1]=[$R[2]={i:"__root__#",u:${stamp},s:"success",ssr:!0},$R[3]={i:"#about#about",u:${stamp + 1},s:"success",l:$R[4]={title:"About"}}]</script>`,
    '</body>',
  ].join('\n')

describe('the HTML of two builds of the same page', () => {
  it('is the same when only the content hashes, the start-up script list and the router timestamps differ', () => {
    const first = page()
    const second = page({
      hash: 'x9_Kq-2a',
      cssHash: 'Zz01abcd',
      stamp: 1795618079742,
      preloads: ['/assets/use-mounted-Q1w2e3r4.js', '/assets/PageHero-a-b_c-d1.js', '/assets/shared-7fd0aa1b.js'],
    })
    expect(first).not.toBe(second)
    expect(normalizeHtml(first)).toBe(normalizeHtml(second))
  })

  it('differs when a word of the page changed', () => {
    expect(normalizeHtml(page({ text: 'Our History' }))).not.toBe(normalizeHtml(page()))
  })

  it('differs when a stylesheet the page inlines changed', () => {
    expect(normalizeHtml(page({ css: '.a{color:blue}' }))).not.toBe(normalizeHtml(page()))
  })

  it('keeps file names without a build hash as they are (a renamed picture is a change)', () => {
    const html = '<img src="/images/logos/acme-networks.svg"><a href="/page-data/page-about.js">'
    expect(normalizeHtml(html)).toBe(html)
    expect(normalizeHtml('<img src="/images/logos/acme-networks2.svg">')).not.toBe(normalizeHtml(html))
  })

  it('keeps what the router state holds apart from its timestamps', () => {
    const text = (title: string) => `$R[3]={i:"#about#about",u:1795618059522,s:"success",l:$R[4]={title:"${title}"}}`
    expect(normalizeHtml(text('About'))).not.toBe(normalizeHtml(text('About us')))
  })
})
