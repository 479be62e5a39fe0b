import { optimize, type Config, type CustomPlugin, type XastElement } from 'svgo'
import { MediaRefusal } from './media-refusal.ts'
import { notAPicture } from './picture-formats.ts'
import type { Size } from './picture-kinds.ts'
import { selfContainedSvg } from './self-contained-svg.ts'
import { svgNesting, type SvgNesting } from './svg-nesting.ts'

export interface PreparedSvg {
  bytes: Buffer
  size: Size
  /** What was taken out of the file, for the author; empty when nothing was. */
  notes: string[]
}

const svgNamespace = 'http://www.w3.org/2000/svg'
// A DOCTYPE's internal subset declares entities that svgo's parser expands: a few hundred bytes of
// nested entities ("billion laughs") become gigabytes, and an external one names another file. No
// picture needs one, so any file that mentions either is refused before it is parsed.
const declarations = /<!(DOCTYPE|ENTITY)/i
/**
 * The most a picture's SVG may hold. Drawing programs nest groups a few dozen levels deep and a
 * detailed illustration has some thousands of elements; svgo's recursive walk overflows the stack
 * some thousands of levels down, and its time grows with the square of the elements of one parent.
 */
const svgLimits: SvgNesting = { deepest: 256, elements: 20_000 }

/**
 * An uploaded SVG made safe to serve from the site's own address, where a browser opening it runs
 * whatever script it holds: well-formed XML with an <svg> root, no DOCTYPE, and nothing that runs
 * code or loads another file (self-contained-svg.ts, then svgo's removeScripts). Refused with the
 * reason when it is not an SVG at all or has no size.
 */
export function prepareSvg(bytes: Uint8Array): PreparedSvg {
  const text = utf8Text(bytes)
  if (declarations.test(text)) {
    throw new MediaRefusal(
      422,
      'This SVG has a DOCTYPE or ENTITY declaration, which the site does not take: it can make a small file grow to gigabytes while it is read, or pull in other files. Export it again as a plain SVG (in Inkscape: Save as › Plain SVG).',
    )
  }
  refuseOversizedTree(text)
  const removed = new Set<string>()
  let size: Size | undefined
  const output = parse(text, [svgRoot(), selfContainedSvg(removed), 'removeScripts', sizeReader((read) => (size = read))])
  if (!size) throw new MediaRefusal(422, 'This SVG has no size: give its <svg> element a viewBox (or a width and height in pixels) and upload it again.')
  const listed = [...removed]
  const notes =
    listed.length === 0 ? [] : [`Taken out of the SVG before it was stored: ${listed.slice(0, 5).join('; ')}${listed.length > 5 ? `; and ${listed.length - 5} more` : ''}.`]
  return { bytes: Buffer.from(output), size, notes }
}

/** The size of an SVG already in public/images (the library's list), or undefined when it has none or cannot be read. */
export function svgFileSize(text: string): Size | undefined {
  if (declarations.test(text) || isOversizedTree(svgNesting(text, svgLimits))) return undefined
  let size: Size | undefined
  try {
    parse(text, [sizeReader((read) => (size = read))])
  } catch {
    return undefined
  }
  return size
}

const isOversizedTree = ({ deepest, elements }: SvgNesting) => deepest > svgLimits.deepest || elements > svgLimits.elements

function refuseOversizedTree(text: string): void {
  const found = svgNesting(text, svgLimits)
  if (found.deepest > svgLimits.deepest)
    throw new MediaRefusal(
      422,
      `This SVG nests its elements more than ${svgLimits.deepest} levels deep, which no picture needs and the site does not take. Open it in a drawing program, ungroup what is grouped inside itself (or export it again as a plain SVG) and upload it again.`,
    )
  if (found.elements > svgLimits.elements)
    throw new MediaRefusal(
      422,
      `This SVG has more than ${svgLimits.elements.toLocaleString('en')} elements, too many for a picture on a page (it would be slow to show). Simplify it in a drawing program, or export it as a PNG or WebP, and upload it again.`,
    )
}

function parse(text: string, plugins: NonNullable<Config['plugins']>): string {
  try {
    return optimize(text, { plugins }).data
  } catch (error) {
    if (error instanceof Error && error.name === 'SvgoParserError') {
      const { reason, line } = error as Error & { reason: string; line: number }
      throw new MediaRefusal(415, `${notAPicture} (As an SVG it is not well-formed XML: ${reason.toLowerCase()} on line ${line}.)`)
    }
    // The limits above keep svgo's recursion shallow; should a file get past them all the same, it is refused, not a 500.
    if (error instanceof RangeError) throw new MediaRefusal(422, `This SVG is too deeply nested for the site to read. Export it again as a plain SVG and upload it again.`)
    throw error
  }
}

function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw new MediaRefusal(415, notAPicture)
  }
}

/** Refuses a document whose one outermost element is not an SVG <svg>; adds the namespace a hand-written file may leave out, without which no browser draws it. */
function svgRoot(): CustomPlugin {
  return {
    name: 'svgRoot',
    fn: (root) => {
      const elements = root.children.filter((child): child is XastElement => child.type === 'element')
      const outer = elements[0]
      if (!outer || outer.name !== 'svg' || (outer.attributes.xmlns ?? svgNamespace) !== svgNamespace) {
        throw new MediaRefusal(415, `${notAPicture} (Its outermost element is ${outer ? `<${outer.name}>` : 'missing'}, not an SVG's <svg>.)`)
      }
      outer.attributes.xmlns = svgNamespace
      return null
    },
  }
}

/** Reads the drawn size from the outermost <svg>: its width and height in pixels, else its viewBox, one completing the other. */
function sizeReader(found: (size: Size | undefined) => void): CustomPlugin {
  return {
    name: 'sizeReader',
    fn: (root) => {
      const outer = root.children.find((child): child is XastElement => child.type === 'element')
      found(outer && svgSize(outer.attributes))
      return null
    },
  }
}

const pixels = (value: string | undefined) => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(value ?? '')
  return match ? Number(match[1]) : undefined
}

function svgSize(attributes: Record<string, string>): Size | undefined {
  const box = (attributes.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  const [boxWidth, boxHeight] = box.length === 4 && box[2]! > 0 && box[3]! > 0 ? [box[2]!, box[3]!] : []
  let width = pixels(attributes.width)
  let height = pixels(attributes.height)
  if (boxWidth && boxHeight) {
    if (width === undefined && height === undefined) [width, height] = [boxWidth, boxHeight]
    else if (width === undefined) width = (height! * boxWidth) / boxHeight
    else if (height === undefined) height = (width * boxHeight) / boxWidth
  }
  if (!width || !height) return undefined
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) }
}
