import os from 'node:os'
import { checkConfigText, formatProblem } from '../../authoring/check/index.ts'
import { migratedInMemory } from '../../authoring/migrate/migrate-config.ts'
import { checkedText } from './checked-text.ts'
import type { CheckJob } from './checker-thread.ts'
import { answerJobs } from './timed-worker.ts'

/** How much nicer than the server the checker runs: visitors' requests take the cores first, the check has the rest. */
const NICER_THAN_SERVER = 10

// On Linux a thread has a nice value of its own (here the server's, inherited), so this lowers the
// checker's thread alone. Elsewhere the same call would lower the whole server: left as it is.
if (process.platform === 'linux') os.setPriority(Math.min(19, os.getPriority() + NICER_THAN_SERVER))

/** The checker's thread (started by checker-thread.ts): the schemas load once, on its first job. */
answerJobs((job: CheckJob) => {
  if (job.kind === 'draft') return checkedText(job.baseText, job.config, job.label, job.options)
  if (job.kind === 'migrate') {
    const { text, from } = migratedInMemory(job.text, job.label)
    return { text, from }
  }
  const { problems } = checkConfigText(job.text, job.label, job.options)
  return problems.map((problem) => formatProblem(problem, { color: false }))
})
