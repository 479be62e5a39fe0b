/**
 * `npm run bench:check [-- --runs=N]`: how long the config checker takes, in this process (warm:
 * schemas compiled, as in `npm run dev`, the editor and the publishing server), on the shipped
 * site.config.json, on it in two languages (every page's title translated, nothing else:
 * scripts/bench/lib/bilingual-draft.ts), and on two badly broken drafts built from it (scripts/bench/lib/broken-drafts.ts):
 * 1,000 faults spread over the blocks (the size of the shipped config) and 200,000 properties no
 * schema knows (about 6 MB). Each is timed as `npm run validate` checks a file, and as the
 * editor checks a draft: written onto the file's text first (writeChanges). Prints the median of N
 * runs (5 by default; 3 for the largest draft), with the CPU time of the median run, which a busy
 * machine inflates less than the wall-clock time. Aims: the 1,000-problem draft under 1 s, the
 * 200,000-key one in a few seconds. A benchmark: it never fails on the figures.
 */
import fs from 'node:fs'
import path from 'node:path'
import { checkConfigText } from '../../authoring/check/index.ts'
import { writeChanges } from '../../authoring/config/config-changes.ts'
import { draftWithFaults, draftWithUnknownKeys } from './lib/broken-drafts.ts'
import { bilingualDraft } from './lib/bilingual-draft.ts'
import { publicDir, root } from '../lib/paths.ts'

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5)
const shippedText = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
const shipped = JSON.parse(shippedText) as unknown
const check = (text: string) => checkConfigText(text, 'site.config.json', { publicDir })

interface Timing {
  wall: number
  cpu: number
}

/** The median run of `work` (by wall-clock time), in milliseconds. */
function median(count: number, work: () => void): Timing {
  const timings: Timing[] = []
  for (let run = 0; run < count; run++) {
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    work()
    const cpu = process.cpuUsage(cpuBefore)
    timings.push({ wall: performance.now() - started, cpu: (cpu.user + cpu.system) / 1000 })
  }
  return timings.sort((a, b) => a.wall - b.wall)[Math.floor(count / 2)]!
}

const ms = ({ wall, cpu }: Timing) => `${Math.round(wall)} ms (CPU ${Math.round(cpu)} ms)`
const kilobytes = (text: string) => `${Math.round(Buffer.byteLength(text) / 1024)} KB`

// One check first, not counted: it compiles the schemas, as the first check of a process does.
check(shippedText)
console.log(`config check, median of ${runs} runs (warm):`)
console.log(`  shipped site.config.json (${kilobytes(shippedText)}): ${ms(median(runs, () => check(shippedText)))}`)
const bilingualText = JSON.stringify(bilingualDraft(shipped), null, 2)
const bilingual = check(bilingualText)
console.log(
  `  in two languages, every page's title translated (${kilobytes(bilingualText)}): ${bilingual.problemCount} problems, ${bilingual.noticeCount} notices; ` +
    `${ms(median(runs, () => check(bilingualText)))}`,
)

for (const [name, draft, count] of [
  ['1,000 faults', draftWithFaults(shipped, 1000), runs],
  ['200,000 unknown properties', draftWithUnknownKeys(shipped, 200_000), Math.min(runs, 3)],
] as const) {
  const text = JSON.stringify(draft, null, 2)
  const result = check(text)
  const asFile = median(count, () => check(text))
  const asDraft = median(count, () => check(writeChanges(shippedText, draft)))
  console.log(
    `  ${name} (${kilobytes(JSON.stringify(draft))} as the editor sends it, ${kilobytes(text)} as a file): ` +
      `${result.problemCount} problems, ${result.problems.length} listed; the file ${ms(asFile)}; the editor's draft ${ms(asDraft)}`,
  )
}
console.log('aims: 1,000 faults under 1 s; 200,000 unknown properties within a few seconds')
