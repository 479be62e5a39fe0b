import type { PageHead } from '../../runtime/head.ts'

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!)

export interface PageAssets {
  js: string[]
  css: string[]
}

/** The page's metadata, written where index.html has its <!--head--> marker. */
export function headTags(head: PageHead): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="website" />`,
  ].join('\n    ')
}

/**
 * The page's own block chunks. They go last in <head>, after the entry stylesheet Vite adds, so a
 * block's CSS wins over Mantine's base styles at equal specificity, as it does in development.
 */
export function blockAssetTags(assets: PageAssets): string {
  return [
    ...assets.css.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('\n    ')
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
    return `<style>${css.trim()}</style>`
  })
}

/**
 * Starts the entry script once the prerendered page has painted. Module scripts may otherwise run
 * before the first paint when they arrive fast, and then the visitor waits for the JavaScript to
 * see HTML that was already there. The modulepreload still fetches the script at once.
 */
export function bootAfterFirstPaint(html: string): string {
  return html.replace(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/, (_tag, src: string) =>
    [
      `<link rel="modulepreload" crossorigin href="${src}" />`,
      `<script type="module">requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(src)})))</script>`,
    ].join('\n    '),
  )
}
