import fs from 'node:fs'
import path from 'node:path'
import { filesUnder } from '../../../content/code-build-files.ts'
import { brotliQuality, precompressFiles } from '../../../content/compress.ts'

/** A page with every <script> (JSON ones too) and every modulepreload taken out, and nothing else changed. */
export const withoutScripts = (html: string): string => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '').replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g, '')

/**
 * The zero-JS floor of the site built in `distDir`: a copy in `floorDir` whose pages have no script,
 * compressed again as the build compresses pages, so it differs from the built site in nothing else.
 * What the page would cost a visitor if it were only its prerendered HTML and CSS.
 */
export async function writeZeroJsFloor(distDir: string, floorDir: string): Promise<void> {
  fs.cpSync(distDir, floorDir, { recursive: true })
  const pages = filesUnder(floorDir).filter((file) => file.endsWith('.html'))
  for (const page of pages) {
    const file = path.join(floorDir, page)
    fs.writeFileSync(file, withoutScripts(fs.readFileSync(file, 'utf8')))
  }
  await precompressFiles(floorDir, pages, brotliQuality.pages)
}
