import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { defaultConfigPath } from './paths.ts'
import { checkConfigText, formatProblems } from './validation/index.ts'

export interface DevConfig {
  /** The config file the dev server shows (site.config.json, or SITE_CONFIG's file). */
  file: string
  /** How `npm run validate` names it: relative to where the command was started. */
  label: string
  /** Where image paths are checked, as `npm run validate` does for this file. */
  publicDir: string
}

/** What Vite's error overlay shows: the checker's own printout, positioned at the first problem. */
export interface ConfigReport {
  message: string
  stack: string
  id: string
  loc: { file: string; line: number; column: number }
}

/**
 * Checks the config text with `npm run validate`'s checker. The last answer is kept, because a
 * save is checked twice (when the file changes, and when the browser then imports it).
 */
export function configChecker(config: DevConfig): (text: string) => ConfigReport | null {
  let last: { text: string; report: ConfigReport | null } | undefined
  return (text) => {
    if (last?.text === text) return last.report
    const { problems } = checkConfigText(text, config.label, { publicDir: config.publicDir })
    const first = problems[0]
    const report = first
      ? {
          message: formatProblems(problems, { color: false }),
          stack: '',
          id: config.file,
          // The absolute path makes the overlay's file:line:column a link that opens the editor.
          loc: { file: config.file, line: first.line, column: first.column },
        }
      : null
    last = { text, report }
    return report
  }
}

/** Sent when a broken config is valid again, so a page opened while it was broken reloads. */
export const configFixedEvent = 'site-config:fixed'

/**
 * Dev-server plugin: the runtime's `import '../site.config.json'` reads `config.file`; each save
 * is checked with the validate command's checker. A valid save goes on as a normal hot update
 * (runtime/config.ts accepts it and the page re-renders in place); an invalid one shows the
 * checker's messages in Vite's error overlay and leaves the page as it was.
 */
export function siteConfigCheck(config: DevConfig): Plugin {
  const check = configChecker(config)
  const isConfig = (id: string) => path.resolve(id.split('?')[0]!) === config.file
  let broken = false
  return {
    name: 'site-config-check',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.split('?')[0]!.endsWith('site.config.json')) return null
      const wanted = path.resolve(path.dirname(importer.split('?')[0]!), source.split('?')[0]!)
      return wanted === defaultConfigPath ? config.file : null
    },
    transform(code, id) {
      if (!isConfig(id)) return null
      const report = check(code)
      if (report) this.error(report)
      return null
    },
    async hotUpdate({ file, read }) {
      if (this.environment.name !== 'client' || !isConfig(file)) return
      const report = check(await read())
      if (report) {
        broken = true
        this.environment.hot.send({ type: 'error', err: report })
        return []
      }
      if (broken) this.environment.hot.send(configFixedEvent, {})
      broken = false
      return undefined
    },
  }
}

/** The report for the config as it is on disk now, or null when it is valid. */
export function currentReport(config: DevConfig, check = configChecker(config)): ConfigReport | null {
  return check(fs.readFileSync(config.file, 'utf8'))
}
