export interface PageAssets {
  js: string[]
  css: string[]
}

/**
 * Splits the rendered app into the head tags React hoists (the <title>, <meta> and <link> that
 * TanStack Router's <HeadContent /> renders, which renderToString puts first) and the body. The
 * head tags go where index.html has its <!--head--> marker; React adopts them when it hydrates.
 */
export function splitHeadTags(appHtml: string): { head: string; body: string } {
  const leading = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)+/.exec(appHtml)?.[0] ?? ''
  if (!leading.includes('<title>')) throw new Error('The rendered page starts with no <title>: is <HeadContent /> still in the layout?')
  return { head: leading.replace(/></g, '>\n    <'), body: appHtml.slice(leading.length) }
}

/**
 * The page's own block chunks. They go last in <head>, after the entry stylesheet Vite adds, so a
 * block's CSS wins over Mantine's base styles at equal specificity, as it does in development.
 */
export function blockAssetTags(assets: PageAssets): string {
  return assets.css.map((file) => `<link rel="stylesheet" href="/${file}" />`).join('\n    ')
}

export function fillTemplate(template: string, head: string, blockAssets: string, appHtml: string): string {
  if (!template.includes('<!--head-->') || !template.includes('<!--app-->') || !template.includes('</head>')) {
    throw new Error('index.html must contain the <!--head--> and <!--app--> markers and a </head>')
  }
  return template
    .replace('<!--head-->', () => head)
    .replace('</head>', () => `  ${blockAssets}\n  </head>`)
    .replace('<!--app-->', () => appHtml)
}

/**
 * Replaces every stylesheet link with the stylesheet itself. The page then paints from its first
 * response, without a round trip per block stylesheet (design.md: HTML and render-blocking CSS
 * in about 14 KB). Links keep their order, so the cascade is the same.
 */
export function inlineStylesheets(html: string, readAsset: (href: string) => string): string {
  return html.replace(/<link rel="stylesheet"[^>]*?href="(\/[^"]+\.css)"[^>]*>/g, (_tag, href: string) => {
    // A "</style" inside the CSS (only possible in a string or comment) would end the element early.
    const css = readAsset(href).replace(/<\/style/gi, '<\\/style')
    // The disabled link is never fetched or applied; it tells Vite's loader, which looks for
    // link[rel=stylesheet][href], that this stylesheet is on the page, so loading the page's
    // blocks after hydration does not download it a second time.
    return `<style>${css.trim()}</style><link rel="stylesheet" href="${href}" disabled />`
  })
}

/**
 * Starts the JavaScript once the prerendered page has painted: the entry script and the page's
 * chunks (Vite's modulepreloads and the page's own) are requested only after the browser reports
 * its first contentful paint (a `paint` performance entry, which comes once the frame is on screen,
 * where one animation frame and a timeout may still come before it) and the pictures then on the
 * first screen have loaded (or failed, or 2 s have passed): the page's largest paint is then done. Fetched and compiled
 * earlier, they would compete with that paint, and the visitor would wait for JavaScript to see
 * HTML that was already there; Lighthouse, too, counts every request started before the paint into
 * it. Not the load event: a slow picture further down or an embedded map would hold the page's
 * forms and menus back. A browser without paint entries starts after a frame.
 */
/** The longest the page's scripts wait for the first screen's pictures once it has painted. */
const FIRST_SCREEN_PICTURES_WAIT_MS = 2000

export function startAfterFirstPaint(html: string, pageScripts: string[]): string {
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*?href="(\/[^"]+)"[^>]*>\n?\s*/g)]
  const scripts = [...new Set([...preloads.map((match) => match[1]!), ...pageScripts.map((file) => `/${file}`)])]
  const withoutPreloads = preloads.reduce((page, [tag]) => page.replace(tag, ''), html)
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/
  if (!entry.test(withoutPreloads)) throw new Error('The built index.html has no entry <script type="module" src="/assets/…">')
  return withoutPreloads.replace(entry, (_tag, src: string) => {
    const preload = `for (const href of ${JSON.stringify(scripts)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }))`
    const start = `() => setTimeout(() => { ${preload}; import(${JSON.stringify(src)}) })`
    const painted = `new Promise((painted) => PerformanceObserver.supportedEntryTypes?.includes('paint') ? new PerformanceObserver((_, observer) => { observer.disconnect(); painted() }).observe({ type: 'paint', buffered: true }) : requestAnimationFrame(painted))`
    // A picture in the window (not one beside it, as a carousel's next slide, nor one with no box),
    // still loading; waited for up to 2 s, so one that never loads holds nothing for long.
    const onScreen = `(box) => box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth`
    const pictures = `() => Promise.race([new Promise((done) => setTimeout(done, ${FIRST_SCREEN_PICTURES_WAIT_MS})), Promise.all([...document.images].filter((image) => !image.complete && (${onScreen})(image.getBoundingClientRect())).map((image) => new Promise((done) => { image.addEventListener('load', done); image.addEventListener('error', done) })))])`
    return `<script type="module">${painted}.then(${pictures}).then(${start})</script>`
  })
}

/**
 * Plain navigation made fast: Chromium prerenders a same-site page while the pointer rests on its
 * link (or the finger is down on it), so the click shows a page already loaded, scripts run and
 * all; other browsers follow the link as usual. The site's forms and API are never prerendered.
 * An inline script like any other: its hash goes into the page's policy (content/page-policy.ts).
 */
export const navigationPrefetch = `<script type="speculationrules">${JSON.stringify({
  prerender: [
    { where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/api/*' } }, { not: { selector_matches: '[target=_blank], [download]' } }] }, eagerness: 'moderate' },
  ],
})}</script>`
