/**
 * The operator's command for the published versions of the site (docs/deploy.md, "Published versions"):
 *   npm run site:versions -- list                         the kept versions, newest first
 *   npm run site:versions -- show <id>                    who, when, what changed
 *   npm run site:versions -- rollback <id> [--as <name>]  that version's text published again
 *   npm run site:versions -- export [<id>] [--out <file>] the config exactly as published
 * It opens the store the server uses (REDIS_URL, else CONTENT_DIR), so a rollback here is picked
 * up by every running server, which builds the version and switches to it.
 * Exit 0 done, 1 refused, 2 not understood.
 */
import fs from 'node:fs'
import { userInfo } from 'node:os'
import pino from 'pino'
import { runVersionsCommand } from '../../publish/version-commands.ts'
import { readServerConfigOrExit } from '../settings/config.ts'
import { createLogger } from '../../ground/log.ts'
import { openVersionStore } from './version-store-service.ts'

if (fs.existsSync('.env')) process.loadEnvFile('.env')
const config = readServerConfigOrExit(process.env)
// Standard output carries what `export` prints: the log goes to standard error.
const log = createLogger({ level: 'warn', destination: pino.destination({ dest: 2, sync: true }) })
const store = openVersionStore({ contentDir: config.editor.contentDir, redisUrl: config.redisUrl, keep: config.editor.versionsKept, log })

try {
  process.exitCode = await runVersionsCommand(process.argv.slice(2), {
    store,
    say: (line) => console.log(line),
    complain: (line) => console.error(line),
    write: (text) => process.stdout.write(text),
    operator: `${userInfo().username} (command line)`,
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
} finally {
  await store.close()
}
