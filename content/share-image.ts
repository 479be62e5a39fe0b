import { Resvg } from '@resvg/resvg-js'
import escapeHtml from 'escape-html'
import { shareImageSize } from '../site/built-site-files.ts'

export interface ShareImageInput {
  name: string
  tagline: string
  /** Dark and light end of the background gradient, and the accent bar: the theme's colours. */
  dark: string
  light: string
  accent: string
}

/**
 * The one picture link previews show (og:image, twitter:image): 1200×630, drawn at build time from
 * the theme and the company name, so a re-branded config gets a matching image without a designer.
 * resvg renders the SVG with the system fonts; PNG because link previews do not take SVG.
 */
export function shareImagePng({ name, tagline, dark, light, accent }: ShareImageInput): Buffer {
  const { width, height } = shareImageSize
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect x="96" y="250" width="120" height="10" rx="5" fill="${accent}"/>
  <text x="96" y="220" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${escapeHtml(name)}</text>
  <text x="96" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" fill="#ffffff" fill-opacity="0.9">${escapeHtml(tagline)}</text>
</svg>`
  return new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng()
}
