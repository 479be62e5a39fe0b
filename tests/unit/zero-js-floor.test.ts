import { describe, expect, it } from 'vitest'
import { withoutScripts } from '../../scripts/bench/lib/zero-js-floor.ts'

describe('the zero-JS floor of a page (bench:lighthouse)', () => {
  it('takes out every script, inline, JSON and external, and every modulepreload, and leaves the rest byte for byte', () => {
    const page = [
      '<html><head><title>About</title>',
      '<link rel="modulepreload" crossorigin href="/assets/a.js">',
      '<script type="module">import("/assets/index.js")</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<style>p{color:red}</style></head>',
      '<body><main><p>Text <b>stays</b></p></main>',
      '<script type="application/json" id="site-data">{"a":"</p>"}</script>',
      '<script src="/assets/other.js"></script></body></html>',
    ].join('\n')
    expect(withoutScripts(page)).toBe('<html><head><title>About</title>\n<style>p{color:red}</style></head>\n<body><main><p>Text <b>stays</b></p></main>\n</body></html>')
  })
})
