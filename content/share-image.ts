import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import escapeHtml from 'escape-html'
import { shareImageSize } from '../site/built-site-files.ts'
import { woffToSfnt } from './woff-to-sfnt.ts'

/** A font file the image draws a line with, and the family name inside that file. */
export interface ShareImageFont {
  family: string
  /** A .woff, .ttf or .otf file. */
  file: string
}

export interface ShareImageInput {
  name: string
  tagline: string
  /** Dark and light end of the background gradient, and the accent bar: the theme's colours. */
  dark: string
  light: string
  accent: string
  /** The site's own fonts (site.theme.webFonts): the name in the headings', the tagline in the body's. */
  fonts?: { title?: ShareImageFont; tagline?: ShareImageFont }
}

/** The fallback stack: DejaVu Sans is on every Debian machine the build runs on. */
const SYSTEM_FONTS = 'DejaVu Sans, Arial, sans-serif'

/** A file resvg can read: a .ttf or .otf as it is, a .woff unwrapped once into the temporary folder. */
function sfntFile(file: string): string {
  if (!file.endsWith('.woff')) return file
  const woff = fs.readFileSync(file)
  const unwrapped = path.join(os.tmpdir(), 'site-share-image-fonts', `${createHash('sha256').update(woff).digest('hex').slice(0, 16)}.ttf`)
  if (!fs.existsSync(unwrapped)) {
    fs.mkdirSync(path.dirname(unwrapped), { recursive: true })
    // Written whole under another name first: two builds at once never read half a file.
    const partial = `${unwrapped}.${process.pid}`
    fs.writeFileSync(partial, woffToSfnt(woff))
    fs.renameSync(partial, unwrapped)
  }
  return unwrapped
}

const familyOf = (font: ShareImageFont | undefined) => escapeHtml(font ? `${font.family}, ${SYSTEM_FONTS}` : SYSTEM_FONTS)

/**
 * The one picture link previews show (og:image, twitter:image): 1200×630, drawn at build time from
 * the theme and the company name, so a re-branded config gets a matching image without a designer.
 * resvg renders the SVG and shapes its text (Bengali's conjuncts included) with the site's own
 * fonts when the theme ships some, else with the system fonts; PNG because link previews do not take SVG.
 */
export function shareImagePng({ name, tagline, dark, light, accent, fonts = {} }: ShareImageInput): Buffer {
  const { width, height } = shareImageSize
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect x="96" y="250" width="120" height="10" rx="5" fill="${accent}"/>
  <text x="96" y="220" font-family="${familyOf(fonts.title)}" font-size="64" font-weight="700" fill="#ffffff">${escapeHtml(name)}</text>
  <text x="96" y="330" font-family="${familyOf(fonts.tagline)}" font-size="34" fill="#ffffff" fill-opacity="0.9">${escapeHtml(tagline)}</text>
</svg>`
  const fontFiles = [...new Set([fonts.title, fonts.tagline].flatMap((font) => (font ? [sfntFile(font.file)] : [])))]
  return new Resvg(svg, { font: { loadSystemFonts: true, fontFiles } }).render().asPng()
}
