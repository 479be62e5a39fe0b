/**
 * The production server: serves the built site (dist/) and the form endpoints on PORT, with the
 * settings of the environment (server/settings/config.ts). It never builds and imports nothing from
 * scripts/, vite or tsx: `npm run build` compiles it to build/server/main.js, which runs with
 * production dependencies only. `npm start` builds first when needed (bin/start.mjs).
 */
import fs from 'node:fs'
import { createApp } from './app.ts'
import { ConfigurationError, exitForConfiguration, readServerConfigOrExit } from '../settings/config.ts'
import { auditTrailFromSettings, editorAccessFromSettings } from './editor-access-service.ts'
import { createFormsService } from './forms-service.ts'
import { createHttpServer } from '../http/http-server.ts'
import { createLogger, exitAfterFlush } from '../../ground/log.ts'
import { installLastResort } from '../http/last-resort.ts'
import { startPublishing } from './publishing-service.ts'
import { teamMailService } from './team-mail-service.ts'
import { hasBuiltSite, readBuiltForms } from '../static/load-site.ts'
import { readBuiltFormWords, readBuiltLanguageForms } from '../forms/form-words.ts'
import { siteHolder } from '../static/site-holder.ts'
import { stopGracefully } from '../http/graceful-stop.ts'

// Settings from .env when present (see .env.example); the real environment wins.
if (fs.existsSync('.env')) process.loadEnvFile('.env')

const config = readServerConfigOrExit(process.env)
if (!hasBuiltSite(config.distDir)) exitForConfiguration([`DIST_DIR="${config.distDir}": no built site there; run \`npm run build\`, or set DIST_DIR to the folder it made.`])
const log = createLogger({ level: config.logLevel })
for (const notice of config.notices) log.warn(notice)

/** The forms service for the site's declared forms; a MAIL_TO_<NAME> that fits none of them is a setting to fix. */
function formsServiceOrExit() {
  try {
    return createFormsService({
      ...config.forms,
      redisUrl: config.redisUrl,
      forms: readBuiltForms(config.distDir),
      words: readBuiltFormWords(config.distDir),
      languages: readBuiltLanguageForms(config.distDir),
      log,
    })
  } catch (error) {
    if (error instanceof ConfigurationError) exitForConfiguration(error.problems)
    throw error
  }
}
const forms = formsServiceOrExit()
const site = siteHolder(config.distDir)
// Written by the sign-in and the editor, read by admins on the editor's audit screen.
const auditTrail = auditTrailFromSettings(config.editor, config.redisUrl, log)
// EDITOR=on: the editor publishes new versions of the site, which this server switches to.
const publishing = config.editor.enabled
  ? await startPublishing({
      contentDir: config.editor.contentDir,
      versionsKept: config.editor.versionsKept,
      draftsMax: config.editor.draftsMax,
      builtKept: config.editor.builtKept,
      redisUrl: config.redisUrl,
      distDir: config.distDir,
      site,
      log,
      ...(auditTrail ? { auditTrail } : {}),
      previewLinkDays: config.editor.previewLinkDays,
      teamMail: teamMailService(config.editor.accountsFile, forms),
      editorOrigin: config.editor.origin,
    })
  : undefined
const editor = editorAccessFromSettings(config.editor, config.redisUrl, log, publishing?.editor, auditTrail)
if (editor) log.info({ accountsFile: config.editor.accountsFile, contentDir: config.editor.contentDir }, 'EDITOR=on: the editor answers at /_editor behind its sign-in')
const app = createApp({ log, site, forms, preview: publishing?.preview, hsts: config.hsts, trustProxy: config.trustProxy, metricsToken: config.metricsToken, editor })
const server = createHttpServer(app, config.timeouts)

server.on('error', (error: NodeJS.ErrnoException) => {
  log.fatal({ err: error }, error.code === 'EADDRINUSE' ? `port ${config.port} is in use; stop the other server or set PORT` : 'the server could not start')
  exitAfterFlush(log, 1)
})
// With Redis, listen once it is connected (a load balancer may send visitors as soon as the port
// opens); if it does not answer in time, serve anyway: /health answers and forms get a clear 503.
if (!(await forms.whenReady(10_000))) log.warn('the queue store (Redis) does not answer yet: serving; form submissions are answered 503 until it does')
server.listen(config.port, config.host, () => {
  log.info({ port: config.port, distDir: config.distDir, outboxDir: config.forms.outboxDir }, `serving on http://localhost:${config.port}`)
  forms.start()
})

const stop = (signal: string) =>
  void stopGracefully({ server, forms, log, signal })
    .then(async (code) => {
      await publishing?.close()
      return code
    })
    .then((code) => exitAfterFlush(log, code))
process.once('SIGINT', () => stop('SIGINT'))
process.once('SIGTERM', () => stop('SIGTERM'))

installLastResort({ server, forms, log })
