/**
 * `npm run bench:publish [-- --runs=N]`: from Publish to the new words on the live page, on the
 * compiled server with EDITOR=on (a temporary CONTENT_DIR and account). Each run publishes a change
 * through the editor's API as the browser sends it (asking for the publish's steps as they happen)
 * and asks for the live page every 10 ms until it shows the new words. N runs (10 by default) of:
 * - a one-page change (the About page's heading), which renders that page alone;
 * - a site-wide change (a menu label, on every page), which renders every page;
 * first on the machine as it is, then with two CPU-bound processes running beside the server (as
 * many as a 2-core machine has cores). Prints per case the median, fastest and slowest time from
 * the request's start to the first answer with the new words, and to the publish's answer; where
 * the median publish spent its time, from the arrival of each step's line: the check and the
 * hand-over (the change's summary, the config sent to the build's process, which reads the version
 * it builds onto) until the build's first line, the content build, then storing and switching; and
 * the CPU time it cost the server and the content build's process (what the time comes to on a
 * quiet machine, however busy this one is). Aims (design.md): a one-page change under 0.5 s on a
 * quiet machine, under 2 s with the cores busy. Needs `npm run build` first. A benchmark: it never
 * fails on the figures. The load average it prints says how quiet the machine was.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import { loadDocument, type EditorDocument, type EditorSession, type SiteConfig } from '../harness/editor-client.ts'
import { startPublishingServer } from '../harness/publishing-server.ts'

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 10)
const { server, signIn, stop } = await startPublishingServer('bench-publish-')

interface Change {
  name: string
  /** Writes `words` into the config; answers the live page that shows them. */
  apply(config: SiteConfig, words: string): string
}
const changes: Change[] = [
  {
    name: 'one-page change (the About heading)',
    apply(config, words) {
      const hero = config.routes.find((route) => route.path === '/about')!.blocks[0] as { heading: string; highlight?: string }
      // The words the hero highlights stay in its heading, as the check asks.
      hero.heading = `${words} ${hero.highlight ?? ''}`
      return '/about'
    },
  },
  {
    name: 'site-wide change (a menu label)',
    apply(config, words) {
      ;(config.navigation as { items: Array<{ label: string }> }).items[1]!.label = words
      return '/contact'
    },
  },
]

/** One publish as the editor's Publish sends it: ms from the request's start to each step's line, and to the outcome. */
async function publish(session: EditorSession, document: EditorDocument): Promise<{ steps: Map<string, number>; answered: number }> {
  const started = performance.now()
  const response = await fetch(`${server.url}/_editor/api/save`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: server.url, 'x-csrf-token': session.csrfToken, 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify(document),
  })
  const steps = new Map<string, number>()
  let text = ''
  for await (const chunk of response.body!.pipeThrough(new TextDecoderStream())) {
    text += chunk
    for (const line of text.split('\n').slice(0, -1)) {
      const parsed = JSON.parse(line) as { step?: string; status?: number; body?: unknown }
      if (parsed.step && !steps.has(parsed.step)) steps.set(parsed.step, performance.now() - started)
      if (parsed.status !== undefined && parsed.status !== 200) throw new Error(`Publish answered ${parsed.status}: ${JSON.stringify(parsed.body).slice(0, 300)}`)
    }
    text = text.slice(text.lastIndexOf('\n') + 1)
  }
  return { steps, answered: performance.now() - started }
}

/**
 * CPU time (ms) used so far by the server (its threads, the checker's among them) and by the content
 * build's process it keeps, from /proc (Linux; undefined elsewhere): a publish's cost in CPU, which
 * is what its time comes to on a quiet machine, whatever else runs on this one.
 */
function cpuMs(): { server: number; build: number } | undefined {
  if (process.platform !== 'linux' || !server.pid) return undefined
  const ticks = (pid: string) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
  }
  const children = fs.readdirSync(`/proc/${server.pid}/task`).flatMap((task) => fs.readFileSync(`/proc/${server.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
  return { server: ticks(String(server.pid)), build: children.reduce((sum, pid) => sum + ticks(pid), 0) }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const figures = (values: number[]) => {
  const list = [...values].sort((a, b) => a - b)
  return `median ${Math.round(median(list))} ms (${Math.round(list[0]!)}–${Math.round(list.at(-1)!)})`
}

async function measure(session: EditorSession, change: Change, label: string): Promise<void> {
  const live: number[] = []
  const answered: number[] = []
  const parts = { check: [] as number[], build: [] as number[], switch: [] as number[] }
  const cpu = { server: [] as number[], build: [] as number[] }
  for (let run = 0; run < runs; run++) {
    const document = await loadDocument(server.url, session)
    const words = `Published ${label} ${run + 1} ${Date.now()}`
    const address = change.apply(document.config, words)
    const cpuBefore = cpuMs()
    const started = performance.now()
    const publishing = publish(session, document)
    // A publish that failed ends the wait for its words (and the benchmark, through the finally below).
    let failed = false
    publishing.catch(() => (failed = true))
    for (;;) {
      if (failed) break
      if ((await (await fetch(`${server.url}${address}`)).text()).includes(words)) break
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    live.push(performance.now() - started)
    const { steps, answered: answeredAt } = await publishing
    const cpuAfter = cpuMs()
    if (cpuBefore && cpuAfter) {
      cpu.server.push(cpuAfter.server - cpuBefore.server)
      cpu.build.push(cpuAfter.build - cpuBefore.build)
    }
    answered.push(answeredAt)
    parts.check.push(steps.get('building')! - steps.get('checking')!)
    parts.build.push(steps.get('switching')! - steps.get('building')!)
    parts.switch.push(answeredAt - steps.get('switching')!)
  }
  console.log(`  ${change.name}:`)
  console.log(`    new words served: ${figures(live)}`)
  console.log(`    Publish answered: ${figures(answered)}`)
  console.log(
    `    median: check and hand-over ${Math.round(median(parts.check))} ms, content build ${Math.round(median(parts.build))} ms, store and switch ${Math.round(median(parts.switch))} ms`,
  )
  if (cpu.server.length > 0)
    console.log(
      `    median CPU: server ${Math.round(median(cpu.server))} ms (the check's thread and the bench's polls included), content build process ${Math.round(median(cpu.build))} ms`,
    )
}

const loadAverage = () => os.loadavg()[0]!.toFixed(2)
/** A process that keeps one core busy, at the server's priority. */
const spinner = () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
const spinners: ReturnType<typeof spinner>[] = []
try {
  const session = await signIn()
  // One publish first, not counted: the content build's process warms up beside the server's start.
  await publish(session, await loadDocument(server.url, session))
  console.log(`publish from the editor's API to the new words on the live page, ${runs} runs each (aims: one page under 500 ms quiet, under 2 s busy)`)
  console.log(`as the machine is (load average ${loadAverage()} on ${os.availableParallelism()} cores):`)
  for (const change of changes) await measure(session, change, 'quiet')
  spinners.push(spinner(), spinner())
  console.log(`with two CPU-bound processes beside the server (load average ${loadAverage()}):`)
  for (const change of changes) await measure(session, change, 'busy')
} finally {
  for (const spinning of spinners) spinning.kill()
  await stop()
}
