/**
 * `npm run bench:editor-tasks`: how many clicks and keystrokes a first-time editor's everyday edits
 * take, and the keystroke-level model's minutes of handling for them (reading excluded; the goal:
 * under 15 minutes). Two browser tests play them and check their outcome:
 *
 * - the ten everyday tasks on the live editor as production runs it (EDITOR=on, a real sign-in),
 *   from signing in to signing out, checked on the live site as a visitor gets it
 *   (tests/e2e/editor-everyday-tasks.spec.ts), printed task by task;
 * - a first-time editor's edits in the dev editor, saved to the file
 *   (tests/e2e/editor-first-time.spec.ts).
 *
 * A benchmark: it reports, and fails only when a test itself fails.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { everydayTasksCountFile, firstTimeCountFile, keystrokeLevelMinutes, type Count, type TaskCount } from '../harness/editor-task-counts.ts'
import { ensureBuild } from '../lib/ensure-build.ts'
import { root } from '../lib/paths.ts'

// Both tests run the compiled server: the live editor's, and Playwright's beside the dev server.
ensureBuild(console.log)
for (const file of [everydayTasksCountFile, firstTimeCountFile]) rmSync(file, { force: true })
const run = spawnSync('npx', ['playwright', 'test', 'tests/e2e/editor-everyday-tasks.spec.ts', 'tests/e2e/editor-first-time.spec.ts'], { cwd: root, stdio: 'inherit' })
if (run.status !== 0) process.exit(run.status ?? 1)

const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T
const figures = (count: Count) =>
  `${String(count.clicks).padStart(4)} clicks ${String(count.keystrokes).padStart(5)} keystrokes ${keystrokeLevelMinutes(count).toFixed(1).padStart(5)} minutes`

const tasks = read<TaskCount[]>(everydayTasksCountFile)
const total = tasks.reduce((sum, task) => ({ clicks: sum.clicks + task.clicks, keystrokes: sum.keystrokes + task.keystrokes }), { clicks: 0, keystrokes: 0 })
const width = Math.max(...tasks.map((task) => task.task.length)) + 4
console.log('\nThe ten everyday tasks on the live editor (EDITOR=on), by the keystroke-level model (reading excluded):')
for (const [index, task] of tasks.entries()) console.log(`${`${String(index + 1).padStart(2)}. ${task.task}`.padEnd(width)}${figures(task)}`)
console.log(`${'    all ten'.padEnd(width)}${figures(total)} (goal: under 15 minutes)`)

const firstTime = read<Count>(firstTimeCountFile)
console.log(`\nA first-time editor's edits in the dev editor, saved to the file:\n${' '.repeat(width)}${figures(firstTime)}`)
