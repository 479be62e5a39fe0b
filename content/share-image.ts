import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import escapeHtml from 'escape-html'
import sharp from 'sharp'
import { shareImageSize } from '../site/built-site-files.ts'
import { woffToSfnt } from './woff-to-sfnt.ts'

/** A font file the image draws a line with, and the family name inside that file. */
interface ShareImageFont {
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

/** The font without web fonts: DejaVu Sans is on every Debian machine the build runs on. */
const SYSTEM_FONT = 'DejaVu Sans'

/** A file fontconfig can read: a .ttf or .otf as it is, a .woff unwrapped once into the temporary folder. */
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

interface Line {
  text: string
  font: ShareImageFont | undefined
  /** Pango's weight word: "Bold", or "" for regular. */
  weight: string
  size: number
  opacity: number
  /** The room the line has: longer text wraps at the width, then shrinks to the height. */
  height: number
}

const MARGIN = 96

/**
 * One line of the image as a transparent picture, drawn by Pango with HarfBuzz (sharp's text
 * input), which shapes Bengali's conjuncts and vowel signs as a browser does; resvg's own text
 * drew them as loose letters. A letter the font lacks (a Latin comma in a Bengali subset) comes
 * from the system's fonts.
 */
async function lineImage({ text, font, weight, size, opacity, height }: Line, width: number) {
  const markup = `<span foreground="#ffffff" alpha="${Math.round(opacity * 100)}%">${escapeHtml(text)}</span>`
  const description = `${font?.family ?? SYSTEM_FONT} ${weight} ${size}`.replace(/ +/g, ' ')
  const input = { text: markup, font: description, rgba: true, width, wrap: 'word' as const, ...(font ? { fontfile: sfntFile(font.file) } : {}) }
  const drawn = await sharp({ text: input }).png().toBuffer({ resolveWithObject: true })
  if (drawn.info.height <= height) return drawn
  return sharp({ text: { ...input, height } })
    .png()
    .toBuffer({ resolveWithObject: true })
}

/**
 * The one picture link previews show (og:image, twitter:image): 1200×630, drawn at build time from
 * the theme and the company name, so a re-branded config gets a matching image without a designer:
 * resvg draws the background, Pango the lines, with the site's own fonts when the theme ships some.
 * PNG because link previews do not take SVG.
 */
export async function shareImagePng({ name, tagline, dark, light, accent, fonts = {} }: ShareImageInput): Promise<Buffer> {
  const { width, height } = shareImageSize
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect x="${MARGIN}" y="250" width="120" height="10" rx="5" fill="${accent}"/>
</svg>`
  const background = new Resvg(svg).render().asPng()
  const room = width - 2 * MARGIN
  // The name ends just above the accent bar and grows upwards; the tagline starts below the bar.
  const title = name ? await lineImage({ text: name, font: fonts.title, weight: 'Bold', size: 64, opacity: 1, height: 200 }, room) : undefined
  const subtitle = tagline ? await lineImage({ text: tagline, font: fonts.tagline, weight: '', size: 34, opacity: 0.9, height: 250 }, room) : undefined
  const layers = [...(title ? [{ input: title.data, left: MARGIN, top: 232 - title.info.height }] : []), ...(subtitle ? [{ input: subtitle.data, left: MARGIN, top: 290 }] : [])]
  return sharp(background).composite(layers).png().toBuffer()
}
