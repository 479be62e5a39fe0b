import fs from 'node:fs'
import path from 'node:path'
import { root } from './paths.ts'

/**
 * Writes a generated file, or with `--check` on the command line fails (exit 1) when the file on
 * disk differs, so CI catches a generator whose output was not committed.
 */
export function writeOrCheck(file: string, content: string, command: string, source: string): void {
  const shown = path.relative(root, file)
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
    if (current !== content) {
      console.error(`${shown} is out of date with ${source}. Run \`${command}\` and commit the result.`)
      process.exit(1)
    }
    console.log(`${shown} is up to date.`)
    return
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
  console.log(`wrote ${shown}`)
}
