import type { PageHead } from '../../runtime/head.ts'

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!)

export interface PageAssets {
  js: string[]
  css: string[]
}

/** The <head> tags of one prerendered page: metadata plus the page's own block chunks. */
export function headTags(head: PageHead, assets: PageAssets): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="website" />`,
    ...assets.css.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join('\n    ')
}

export function fillTemplate(template: string, head: string, appHtml: string): string {
  if (!template.includes('<!--head-->') || !template.includes('<!--app-->')) {
    throw new Error('index.html must contain the <!--head--> and <!--app--> markers')
  }
  return template.replace('<!--head-->', () => head).replace('<!--app-->', () => appHtml)
}
