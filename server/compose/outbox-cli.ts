/**
 * The operator's command for dead letters (docs/deploy.md):
 *   npm run outbox -- list              every dead letter: id, form, when it died, why
 *   npm run outbox -- retry <id>        back to the outbox; the running server delivers it
 *   npm run outbox -- delete <id>       give up for good (its personal data goes with it)
 * It works on OUTBOX_DIR (default ./outbox), the running server's folder.
 */
import fs from 'node:fs'
import { readServerConfigOrExit } from '../settings/config.ts'
import { createOutbox } from '../disk/outbox.ts'

if (fs.existsSync('.env')) process.loadEnvFile('.env')
const [command, id] = process.argv.slice(2)
const outbox = createOutbox(readServerConfigOrExit(process.env).forms.outboxDir)

async function run(): Promise<number> {
  if (command === 'list') {
    const letters = await outbox.listDeadLetters()
    if (letters.length === 0) console.log('No dead letters.')
    for (const { id: letterId, form, why } of letters)
      console.log(`${letterId}  ${form}  died ${why?.failedAt ?? '(unknown)'} after ${why?.attempts ?? '?'} attempt(s): ${why?.reason ?? '(no reason recorded)'}`)
    return 0
  }
  if ((command === 'retry' || command === 'delete') && id) {
    const done = command === 'retry' ? await outbox.requeueDeadLetter(id) : await outbox.deleteDeadLetter(id)
    if (!done) {
      console.error(`No dead letter "${id}". \`npm run outbox -- list\` shows them.`)
      return 1
    }
    // The running server watches its pending folder: it takes the letter up at once.
    console.log(command === 'retry' ? `${id} is back in the outbox; the running server delivers it within moments.` : `${id} deleted.`)
    return 0
  }
  console.error('Usage: npm run outbox -- list | retry <id> | delete <id>')
  return 2
}

process.exitCode = await run()
