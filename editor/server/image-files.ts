import fs from 'node:fs'
import path from 'node:path'

const imageExtension = /\.(svg|png|jpe?g|webp|avif)$/i

/** The pictures a config may use: files under public/images/, as the paths the site serves them at. */
export function listImages(publicDir: string): string[] {
  const dir = path.join(publicDir, 'images')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => imageExtension.test(name))
    .map((name) => `/images/${name.split(path.sep).join('/')}`)
    .sort()
}
