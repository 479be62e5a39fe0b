import fs from 'node:fs'
import path from 'node:path'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}
export type Manifest = Record<string, ManifestChunk>

export function readManifest(outDir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'))
}

/** The JS files and CSS files a set of source modules needs, static imports included. */
export function assetsOf(manifest: Manifest, sources: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>()
  const css = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`Build manifest has no entry for ${key}`)
    js.add(chunk.file)
    chunk.css?.forEach((file) => css.add(file))
    chunk.imports?.forEach(visit)
  }
  sources.forEach(visit)
  return { js: [...js], css: [...css] }
}
