import fs from 'node:fs'
import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { defaultConfigPath } from './paths.ts'
import { formatProblems, validateConfigText } from './validation/index.ts'

/** The checker's report of the config, or null when it is valid. */
function checkConfig(text: string): { message: string; line: number; column: number } | null {
  const problems = validateConfigText(text, path.basename(defaultConfigPath))
  if (problems.length === 0) return null
  return { message: formatProblems(problems, { color: false }), line: problems[0]!.line, column: problems[0]!.column }
}

/**
 * Dev-server plugin: site.config.json is checked with `npm run validate`'s own checker whenever
 * it is loaded or saved; problems appear in Vite's error overlay with the same wording and
 * positions, instead of a blank page.
 */
export function siteConfigCheck(): Plugin {
  let server: ViteDevServer | undefined
  const report = (found: NonNullable<ReturnType<typeof checkConfig>>) => ({
    message: found.message,
    plugin: 'site-config-check',
    id: defaultConfigPath,
    loc: { file: defaultConfigPath, line: found.line, column: found.column },
    stack: '',
  })
  return {
    name: 'site-config-check',
    enforce: 'pre',
    configureServer(devServer) {
      server = devServer
    },
    transform(code, id) {
      if (path.resolve(id.split('?')[0]!) !== defaultConfigPath) return null
      const found = checkConfig(code)
      if (found) this.error(report(found))
      return null
    },
    handleHotUpdate(context) {
      if (path.resolve(context.file) !== defaultConfigPath) return
      const found = checkConfig(fs.readFileSync(context.file, 'utf8'))
      if (found) {
        server?.ws.send({ type: 'error', err: report(found) })
        return []
      }
      // Valid again: the route tree is built from the config, so reload the page with it.
      server?.ws.send({ type: 'full-reload' })
      return []
    },
  }
}
