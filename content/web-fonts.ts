import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { root } from '../authoring/project-paths.ts'
import type { FontFiles, FontPackage, SiteSettings } from '../site/generated/site-config.ts'
import { fontPackageId, isVariablePackage, themeWebFonts, webFontFamily, type WebFont } from '../site/web-fonts.ts'
import { fontSubsetOf } from './font-subsets.ts'

/** One @font-face of the site: a file it ships and what it draws. */
interface FontFace {
  family: string
  /** The file shipped, on disk. */
  source: string
  /** Its address in the built site: content-hashed under /assets/, so cached for a year. */
  url: string
  /** "400", or a variable file's range "100 900". */
  weight: string
  style: 'normal' | 'italic'
  unicodeRange?: string
  /** The package's subset the file holds (packages only). */
  subset?: string
  /** A .woff, .ttf or .otf of the same letters, which the share image can draw with: its FreeType reads no WOFF2. */
  drawable?: string
}

/** The face a role draws its first screen with, and the file the share image draws that role with. */
interface RoleFaces {
  preload?: FontFace
  shareImage?: { family: string; file: string }
}

export interface SiteFonts {
  faces: FontFace[]
  body: RoleFaces
  headings: RoleFaces
}

/** A package's weights when the theme names none: regular text and headings. */
const DEFAULT_WEIGHTS = [400, 700]

const formats: Record<string, string> = { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype' }

function hashedUrl(file: string): string {
  const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 8)
  const { name, ext } = path.parse(file)
  return `/assets/fonts/${name}-${hash}${ext}`
}

interface FontsourceMetadata {
  id: string
  family: string
  subsets: string[]
  weights: number[]
  variable?: { wght?: { min: string; max: string } }
}

/** A Fontsource package's files of the chosen subsets and weights, WOFF2 each, its .woff beside it for the share image. */
function packageFaces(font: FontPackage): { faces: FontFace[]; family: string } {
  const dir = path.join(root, 'node_modules', font.package)
  if (!fs.existsSync(path.join(dir, 'metadata.json'))) {
    throw new Error(`site.theme.webFonts names the font package ${font.package}, which is not installed: run \`npm install --save-exact ${font.package}\` in ${root}.`)
  }
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'metadata.json'), 'utf8')) as FontsourceMetadata
  const ranges = JSON.parse(fs.readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>
  const missingSubsets = font.subsets.filter((subset) => !meta.subsets.includes(subset))
  if (missingSubsets.length) throw new Error(`The font package ${font.package} has no subset ${missingSubsets.join(', ')}; it has ${meta.subsets.join(', ')}.`)
  const variable = isVariablePackage(font)
  const wanted = font.weights ?? DEFAULT_WEIGHTS
  const missingWeights = variable ? [] : wanted.filter((weight) => !meta.weights.includes(weight))
  if (missingWeights.length) throw new Error(`The font package ${font.package} has no weight ${missingWeights.join(', ')}; it has ${meta.weights.join(', ')}.`)
  const weights = variable
    ? [{ weight: `${meta.variable?.wght?.min ?? 100} ${meta.variable?.wght?.max ?? 900}`, name: 'wght' }]
    : wanted.map((weight) => ({ weight: String(weight), name: String(weight) }))
  const faces = font.subsets.flatMap((subset) =>
    weights.map(({ weight, name }) => {
      const source = path.join(dir, 'files', `${fontPackageId(font)}-${subset}-${name}-normal.woff2`)
      if (!fs.existsSync(source)) throw new Error(`The font package ${font.package} has no file ${path.relative(dir, source)}: is it a Fontsource package?`)
      const woff = source.replace(/\.woff2$/, '.woff')
      return {
        family: webFontFamily(font),
        source,
        url: hashedUrl(source),
        weight,
        style: 'normal' as const,
        subset,
        ...(ranges[subset] ? { unicodeRange: ranges[subset] } : {}),
        ...(fs.existsSync(woff) ? { drawable: woff } : {}),
      }
    }),
  )
  return { faces, family: meta.family }
}

/** The site's own font files, from the code build's copy of its public/ folder. */
function fileFaces(font: FontFiles, codeDir: string): { faces: FontFace[]; family: string } {
  const faces = font.files.map(({ src, weight = '400', style = 'normal', unicodeRange }) => {
    const source = path.join(codeDir, src)
    if (!fs.existsSync(source)) throw new Error(`site.theme.webFonts names the font file ${src}, which is not in the site's public/ folder (public${src}).`)
    return { family: font.family, source, url: hashedUrl(source), weight, style, ...(unicodeRange ? { unicodeRange } : {}), ...(/\.woff2$/.test(src) ? {} : { drawable: source }) }
  })
  return { faces, family: font.family }
}

const covers = (face: FontFace, weight: number) => {
  const [low, high = low] = face.weight.split(' ').map(Number)
  return low! <= weight && weight <= high!
}

/**
 * The face a role's first screen draws with: of its family, normal, covering the role's weight,
 * in the subset of the site's language when the font is split in subsets (else its first).
 */
function roleFaces(faces: FontFace[], font: WebFont | undefined, drawnFamily: string | undefined, weight: number, locale: string): RoleFaces {
  if (!font) return {}
  const family = webFontFamily(font)
  const candidates = faces.filter((face) => face.family === family && face.style === 'normal')
  const wanted = fontSubsetOf(locale)
  const rank = (face: FontFace) => (covers(face, weight) ? 0 : 2) + (face.subset === undefined || face.subset === wanted ? 0 : 1)
  const sorted = [...candidates].sort((a, b) => rank(a) - rank(b))
  const preload = sorted[0]
  const drawable = sorted.find((face) => face.drawable)
  return { ...(preload ? { preload } : {}), ...(drawable?.drawable && drawnFamily ? { shareImage: { family: drawnFamily, file: drawable.drawable } } : {}) }
}

/**
 * The web fonts of `site.theme.webFonts`, resolved to files: a package's from the project's
 * node_modules, the site's own from the code build's copy of public/ (codeDir). Fontsource's files
 * are already split by script, each with its unicode-range: that split is the subsetting, and a
 * browser downloads a subset's file only for a page that has one of its letters.
 */
export function siteFonts(site: SiteSettings, codeDir: string): SiteFonts {
  const roles = themeWebFonts(site.theme)
  const faces: FontFace[] = []
  /** The family name inside each font's files, by the family the site's CSS gives it. */
  const drawnFamilies = new Map<string, string>()
  const declared = new Map<string, string>()
  for (const font of [roles.body, roles.headings]) {
    if (!font) continue
    const family = webFontFamily(font)
    const key = JSON.stringify(font)
    if (declared.has(family)) {
      if (declared.get(family) !== key) throw new Error(`site.theme.webFonts: the body and the headings are two different fonts named ${family}; give one another family name.`)
      continue
    }
    declared.set(family, key)
    const resolved = 'package' in font ? packageFaces(font) : fileFaces(font, codeDir)
    faces.push(...resolved.faces)
    drawnFamilies.set(family, resolved.family)
  }
  const drawn = (font: WebFont | undefined) => (font ? drawnFamilies.get(webFontFamily(font)) : undefined)
  return {
    faces,
    body: roleFaces(faces, roles.body, drawn(roles.body), 400, site.locale),
    headings: roleFaces(faces, roles.headings, drawn(roles.headings), 700, site.locale),
  }
}

/** A family name as a CSS string (the schema allows no quote or backslash in it; escaped all the same). */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`

/**
 * The page's font tags: a preload of each role's first-screen file (crossorigin: fonts are always
 * fetched in CORS mode, and a preload without it is fetched twice), then the @font-face rules.
 * font-display: swap shows the text in the fallback stack at once and swaps when the file is there.
 */
export function fontHeadTags(fonts: SiteFonts): string {
  if (fonts.faces.length === 0) return ''
  const preloads = [...new Set([fonts.body.preload, fonts.headings.preload].flatMap((face) => (face ? [face.url] : [])))]
  const rules = fonts.faces.map((face) => {
    const format = formats[path.extname(face.url).slice(1)]!
    const range = face.unicodeRange ? `;unicode-range:${face.unicodeRange}` : ''
    return `@font-face{font-family:${cssString(face.family)};font-style:${face.style};font-weight:${face.weight};font-display:swap;src:url(${face.url}) format("${format}")${range}}`
  })
  return [
    ...preloads.map((url) => `<link rel="preload" href="${url}" as="font" type="font/${path.extname(url).slice(1)}" crossorigin />`),
    `<style>${rules.join('')}</style>`,
  ].join('\n    ')
}
