import { configFixedEvent, type ConfigReport } from '../lib/vite-config-check.ts'

const entryScript = '<script type="module" src="/runtime/entry-client.tsx"></script>'

/**
 * The dev page while site.config.json is invalid: the app is left out (it cannot start without a
 * config), and Vite's error overlay shows the checker's report. Vite's client, which the dev
 * server adds to every page, then keeps the overlay up to date and the page reloads once the
 * file is valid again.
 */
export function brokenConfigPage(indexHtml: string, report: ConfigReport): string {
  if (!indexHtml.includes(entryScript)) throw new Error(`index.html no longer loads the app with ${entryScript}`)
  const script = `<script type="module">
import { ErrorOverlay, createHotContext } from '/@vite/client'
document.querySelectorAll('vite-error-overlay').forEach((shown) => shown.close())
document.body.appendChild(new ErrorOverlay(${JSON.stringify(report).replace(/</g, '\\u003c')}))
createHotContext('/@site-config-overlay').on(${JSON.stringify(configFixedEvent)}, () => location.reload())
</script>`
  return indexHtml.replace(entryScript, script)
}
