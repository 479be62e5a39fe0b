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
