import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root } from '../lib/paths.ts'
import { signIn, type EditorSession } from './editor-client.ts'
import { startSiteServer, temporaryOutbox } from './site-server.ts'

/**
 * The compiled server with the live editor on (EDITOR=on), in a scratch folder of its own: a
 * temporary CONTENT_DIR, outbox and one editor account, and an SMTP address nothing answers (no
 * mail is sent). Needs `npm run build` first. `stop` removes everything it made.
 */
export async function startPublishingServer(scratchPrefix: string) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), scratchPrefix))
  const accountsFile = path.join(scratch, 'accounts.json')
  const account = 'timer'
  const password = 'a bench passphrase of some length'
  execFileSync(process.execPath, [path.join(root, 'build', 'server', 'editor-user.js'), 'add', account], {
    input: `${password}\n`,
    env: { ...process.env, EDITOR_ACCOUNTS_FILE: accountsFile },
  })
  const outbox = await temporaryOutbox()
  const server = await startSiteServer({
    outboxDir: outbox.dir,
    smtpUrl: 'smtp://127.0.0.1:9',
    env: { NODE_ENV: 'production', EDITOR: 'on', EDITOR_ACCOUNTS_FILE: accountsFile, CONTENT_DIR: path.join(scratch, 'published') },
  })
  return {
    server,
    signIn: (): Promise<EditorSession> => signIn(server.url, account, password),
    async stop(): Promise<void> {
      await server.stop()
      await outbox.remove()
      fs.rmSync(scratch, { recursive: true, force: true })
    },
  }
}
