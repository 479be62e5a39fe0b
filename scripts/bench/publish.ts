/**
 * `npm run bench:publish [-- --runs=N]`: from Publish to the new text on the live page, on the
 * compiled server with EDITOR=on (a temporary CONTENT_DIR and account): N times (5 by default) a
 * new About title is published through the editor's API as the browser sends it, and /about is
 * asked for every 20 ms until it shows the title. Prints the median, fastest and slowest time from
 * the request's start to the first answer with the new title, and the publish's own answer time
 * (check, content build in its own process, switch); the aim is under 3 s. Needs `npm run build`
 * first. A benchmark: it never fails on the figures.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadDocument, post, signIn } from '../../tests/deploy/support/editor-client.ts'
import { startSiteServer, temporaryOutbox } from '../../tests/e2e/support/site-server.ts'
import { root } from '../lib/paths.ts'

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5)
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-publish-'))
const accountsFile = path.join(scratch, 'accounts.json')
const password = 'a bench passphrase of some length'
execFileSync(process.execPath, [path.join(root, 'build', 'server', 'editor-user.js'), 'add', 'timer'], {
  input: `${password}\n`,
  env: { ...process.env, EDITOR_ACCOUNTS_FILE: accountsFile },
})
const outbox = await temporaryOutbox()
const server = await startSiteServer({
  outboxDir: outbox.dir,
  smtpUrl: 'smtp://127.0.0.1:9',
  env: { NODE_ENV: 'production', EDITOR: 'on', EDITOR_ACCOUNTS_FILE: accountsFile, CONTENT_DIR: path.join(scratch, 'published') },
})

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const figures = (values: number[]) => {
  const list = sorted(values)
  return `median ${Math.round(list[Math.floor(list.length / 2)]!)} ms (${Math.round(list[0]!)}–${Math.round(list.at(-1)!)})`
}
try {
  const session = await signIn(server.url, 'timer', password)
  const live: number[] = []
  const answered: number[] = []
  for (let run = 0; run < runs; run++) {
    const document = await loadDocument(server.url, session)
    const title = `About us, published in run ${run + 1} at ${Date.now()}`
    document.config.routes.find((route) => route.path === '/about')!.title = title
    const started = performance.now()
    const publishing = post(server.url, session, 'save', document).then((answer) => {
      if (answer.status !== 200) throw new Error(`Publish answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
      answered.push(performance.now() - started)
    })
    for (;;) {
      if ((await (await fetch(`${server.url}/about`)).text()).includes(title)) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    live.push(performance.now() - started)
    await publishing
  }
  console.log(`publish from the editor's API to the new text on /about, ${runs} runs (aim: under 3 s):`)
  console.log(`  new text served: ${figures(live)}`)
  console.log(`  Publish answered: ${figures(answered)}`)
} finally {
  await server.stop()
  await outbox.remove()
  fs.rmSync(scratch, { recursive: true, force: true })
}
