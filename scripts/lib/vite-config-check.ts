import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { isSiteConfigModule } from './vite-site-config.ts'
import { checkConfigText, formatProblems } from '../../authoring/check/index.ts'
import { migratedInMemory } from '../../authoring/migrate/migrate-config.ts'

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
 * save is checked twice (when the file changes, and when the browser then imports it). A config of
 * an older format is checked as today's, read so in memory as the build reads it, with the warning
 * naming `npm run migrate` printed once per change of the file (the dev server shares one checker).
 */
export function configChecker(config: DevConfig, warn: (warning: string) => void = console.warn): (text: string) => ConfigReport | null {
  let last: { text: string; report: ConfigReport | null } | undefined
  return (text) => {
    if (last?.text === text) return last.report
    const todays = migratedInMemory(text, config.label)
    if (todays.warning) warn(todays.warning)
    const { problems, problemCount } = checkConfigText(todays.text, config.label, { publicDir: config.publicDir })
    const first = problems[0]
    const report = first
      ? {
          message: formatProblems(problems, { color: false }, problemCount),
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

/** Sent on every valid save, so a page opened while the config was broken reloads. */
export const configFixedEvent = 'site-config:fixed'

const settleMs = 120

/**
 * The checked text of the config, read again after a moment when a first read fails: an editor
 * saving the file empties it before writing it, and a read in between must not count as a mistake.
 */
export async function settledCheck(file: string, check: (text: string) => ConfigReport | null, first?: string) {
  let text = first ?? fs.readFileSync(file, 'utf8')
  let report = check(text)
  while (report) {
    await new Promise((resolve) => setTimeout(resolve, settleMs))
    const again = fs.readFileSync(file, 'utf8')
    if (again === text) break
    text = again
    report = check(text)
  }
  return { text, report }
}

/**
 * Dev-server plugin: the runtime reads `config.file` through the modules of
 * scripts/lib/vite-site-config.ts (SITE_CONFIG points them at it); each load and each save is
 * checked with the validate command's checker first. A valid save goes on as a normal hot update
 * (kit/config.ts accepts it and the page re-renders in place); an invalid one shows the
 * checker's messages in Vite's error overlay and leaves the page as it was.
 */
export function siteConfigCheck(config: DevConfig, check = configChecker(config)): Plugin {
  const isConfig = (id: string) => path.resolve(id.split('?')[0]!) === config.file
  return {
    name: 'site-config-check',
    enforce: 'pre',
    async load(id) {
      if (!isSiteConfigModule(id)) return null
      const { report } = await settledCheck(config.file, check)
      if (report) this.error(report)
      // Valid: the site-config-modules plugin builds the module from the file.
      return null
    },
    async hotUpdate({ file, read }) {
      if (this.environment.name !== 'client' || !isConfig(file)) return
      const { report } = await settledCheck(file, check, await read())
      if (report) {
        this.environment.hot.send({ type: 'error', err: report })
        return []
      }
      this.environment.hot.send(configFixedEvent, {})
      return undefined
    },
  }
}
