/**
 * `npm run bench:publish-visitors [-- --seconds=20 --rounds=4 --rate=100 --busy]`: what publishing
 * costs the site's visitors. On the compiled server with EDITOR=on (a temporary CONTENT_DIR and
 * account), visitors ask for the site's pages at a steady rate on 127.0.0.1, each request sent on
 * time whether the ones before it were answered or not, all along windows taken in turn: one with
 * nothing else going on, one while the editor publishes back to back (a new About title each time,
 * through the editor's API: the check in the checker's thread, the content build in its own process
 * at a lower priority, the switch) until a second after its last publish, and so on for `rounds` of
 * each, about `seconds` in all per kind; taking them in turn keeps the other load of a shared
 * machine out of the comparison. Prints the visitors'
 * p50 and p99 of both kinds and the ratio of the p99s; the aim is 1.5 at most. `--busy`: one
 * process spinning on each core all the while, as on a machine whose cores other work has taken.
 * Needs `npm run build` first. A benchmark: it never fails on the figures.
 */
import { spawn } from 'node:child_process'
import os from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { loadDocument, post, type EditorSession } from '../harness/editor-client.ts'
import { startPublishingServer } from '../harness/publishing-server.ts'

const option = (name: string, fallback: number) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const seconds = option('seconds', 20)
const rounds = option('rounds', 4)
const rate = option('rate', 100)
const busy = process.argv.includes('--busy')

const spinners = busy ? Array.from({ length: os.availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' })) : []
const { server, signIn, stop } = await startPublishingServer('bench-publish-visitors-')

type Phase = 'idle' | 'publishing'
const latencies: Record<Phase, number[]> = { idle: [], publishing: [] }
const failed: Record<Phase, number> = { idle: 0, publishing: 0 }
let phase: Phase = 'idle'
let visiting = true

/** Visitors until `visiting` ends: a page request every 1/rate s, going round `paths`, each sent on time; its answer's time counted in the phase it was sent in. */
async function visitors(paths: string[]): Promise<void> {
  const asked: Promise<void>[] = []
  const started = performance.now()
  for (let turn = 0; visiting; turn++) {
    const sent = performance.now()
    const sentIn = phase
    asked.push(
      fetch(`${server.url}${paths[turn % paths.length]}`, { headers: { 'accept-encoding': 'br' } }).then(
        async (answer) => {
          await answer.arrayBuffer()
          if (answer.status === 200) latencies[sentIn].push(performance.now() - sent)
          else failed[sentIn]++
        },
        () => void failed[sentIn]++,
      ),
    )
    await sleep(Math.max(0, started + ((turn + 1) * 1000) / rate - performance.now()))
  }
  await Promise.all(asked)
}

/** Publishes a new About title, again and again, until `stop()`; each publish's time. */
function publishBackToBack(session: EditorSession, times: number[]) {
  let stopping = false
  const done = (async () => {
    while (!stopping) {
      const document = await loadDocument(server.url, session)
      document.config.routes.find((route) => route.path === '/about')!.title = `About us, published at ${Date.now()}`
      const started = performance.now()
      const answer = await post(server.url, session, 'save', document)
      if (answer.status !== 200) throw new Error(`Publish answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
      times.push(performance.now() - started)
    }
  })()
  return () => {
    stopping = true
    return done
  }
}

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0
const row = (name: string, of: Phase) =>
  `  ${name.padEnd(18)} p50 ${percentile(latencies[of], 0.5).toFixed(1).padStart(6)} ms   p99 ${percentile(latencies[of], 0.99).toFixed(1).padStart(6)} ms   (${latencies[of].length} answered, ${failed[of]} failed)`
try {
  const session = await signIn()
  const paths = (await loadDocument(server.url, session)).config.routes.slice(0, 8).map((route) => route.path)
  // The pages once each first, so neither kind of window pays for the first reads from disk.
  for (const page of paths) await (await fetch(`${server.url}${page}`)).arrayBuffer()

  const publishes: number[] = []
  const windowMs = (seconds * 1000) / rounds
  const visited = visitors(paths)
  for (let round = 0; round < rounds; round++) {
    phase = 'idle'
    await sleep(windowMs)
    phase = 'publishing'
    const stop = publishBackToBack(session, publishes)
    await sleep(windowMs)
    // What a publish leaves to do once answered (removing old built versions, the first reads of
    // the new one) is publishing's: the publish under way finishes, and a second more, in this phase.
    await stop()
    await sleep(1000)
  }
  visiting = false
  await visited

  const machine = busy ? `, every core also busy with a spinning process (${spinners.length})` : ''
  console.log(`visitors' page latency, ${rate} requests/s over ${paths.length} pages, ${seconds} s of each kind in ${rounds} windows taken in turn${machine}:`)
  console.log(row('idle', 'idle'))
  console.log(row('while publishing', 'publishing'))
  console.log(`  ${publishes.length} publishes back to back, each answered in a median ${Math.round(percentile(publishes, 0.5))} ms`)
  console.log(`  p99 while publishing / idle: ${(percentile(latencies.publishing, 0.99) / Math.max(0.1, percentile(latencies.idle, 0.99))).toFixed(2)} (aim: 1.5 at most)`)
} finally {
  for (const spinner of spinners) spinner.kill()
  await stop()
}
