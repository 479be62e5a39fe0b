import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, expect, it } from 'vitest'
import { contentBuildNice, contentBuildProcess, type ContentBuilder } from '../../publish/content-build-process.ts'

/**
 * The content build's long-lived process, driven by a stand-in command that speaks its protocol
 * (content/build-service-messages.ts): ready once, then per build its progress and its end. What a
 * build is asked decides what the stand-in does: write what it knows into the folder, stop dead,
 * or never answer. Publishing must come through each: the process it keeps is started again.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'content-build-process-'))
const command = path.join(work, 'content-build-service.mjs')
fs.writeFileSync(
  command,
  `import fs from 'node:fs'; import os from 'node:os'
   // On Linux each thread has its own nice value: V8's helper threads among them, started before any of this ran.
   const niceOf = (stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
   const threads = () => process.platform === 'linux' ? fs.readdirSync('/proc/self/task').map((task) => niceOf(fs.readFileSync('/proc/self/task/' + task + '/stat', 'utf8'))) : []
   process.on('disconnect', () => process.exit(0))
   process.on('message', ({ id, configText, outDir }) => {
     if (configText === 'crash') { console.error('the stand-in build fell over'); process.exit(7) }
     if (configText === 'hang') return
     if (configText === 'full disk') return process.send({ type: 'failed', id, message: 'ENOSPC: no space left on device', outOfSpace: true })
     process.send({ type: 'progress', id, progress: { render: 2, of: 5, rendered: 0 } })
     fs.mkdirSync(outDir, { recursive: true })
     fs.writeFileSync(outDir + '/built.json', JSON.stringify({ pid: process.pid, priority: os.getPriority(), threads: threads(), argv: process.argv.slice(2) }))
     process.send({ type: 'progress', id, progress: { render: 2, of: 5, rendered: 2 } })
     process.send({ type: 'built', id, pages: 5, rendered: 2 })
   })
   process.send({ type: 'ready' })`,
)
let builder: ContentBuilder | undefined
afterEach(async () => builder?.close())
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

const open = (timeoutMs?: number) =>
  (builder = contentBuildProcess({ command, codeDir: '/code', renderDir: '/render', pictureDirs: [], pictureCacheDir: '/cache', ...(timeoutMs ? { timeoutMs } : {}) }))
let folders = 0
/** Builds `text` into a new folder; answers what the stand-in wrote there. */
async function build(text = '{}'): Promise<{ pid: number; priority: number; threads: number[]; argv: string[] }> {
  const outDir = path.join(work, `built-${++folders}`)
  await builder!.build(text, outDir)
  return JSON.parse(fs.readFileSync(path.join(outDir, 'built.json'), 'utf8'))
}

it('builds in one process that stays, told the site folders, with each build’s progress passed on', async () => {
  open()
  const progress: unknown[] = []
  await builder!.build('{}', path.join(work, 'with-progress'), { onProgress: (step) => progress.push(step) })
  expect(progress).toEqual([
    { render: 2, of: 5, rendered: 0 },
    { render: 2, of: 5, rendered: 2 },
  ])
  const [first, second] = [await build(), await build()]
  expect(second.pid).toBe(first.pid)
  expect(first.argv).toEqual(['--code', '/code', '--render', '/render'])
})

it('runs the content build at a lower priority than the server, every thread of it, and the server keeps its own', async () => {
  const serverPriority = os.getPriority()
  open()
  const built = await build()
  expect(built.priority).toBe(contentBuildNice())
  expect(contentBuildNice()).toBeGreaterThan(serverPriority)
  if (process.platform === 'linux') {
    expect(built.threads.length).toBeGreaterThan(1)
    expect(new Set(built.threads)).toEqual(new Set([contentBuildNice()]))
  }
  expect(os.getPriority()).toBe(serverPriority)
})

it('fails the build a crash stopped, with the process’s own words, and builds the next one in a new process', async () => {
  open()
  const before = await build()
  await expect(build('crash')).rejects.toThrow(/stopped \(exit 7\): the stand-in build fell over/)
  const after = await build()
  expect(after.pid).not.toBe(before.pid)
})

it('starts a new process when the one it kept died while idle', async () => {
  open()
  const before = await build()
  process.kill(before.pid, 'SIGKILL')
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect((await build()).pid).not.toBe(before.pid)
})

it('stops a build that outlives its time with its process, and the next build runs', async () => {
  open(1500)
  const before = await build()
  const started = performance.now()
  await expect(build('hang')).rejects.toThrow('The content build took longer than 1.5 s and was stopped.')
  // Bounded: stopped at its time, not left to run (generous headroom for a busy machine).
  expect(performance.now() - started).toBeLessThan(15_000)
  const after = await build()
  expect(after.pid).not.toBe(before.pid)
})

it('says a full disk as the disk error it is, so the editor is told the disk is full', async () => {
  open()
  await expect(builder!.build('full disk', path.join(work, 'full'))).rejects.toMatchObject({ code: 'ENOSPC' })
})

it('answers a command that cannot run with why, instead of waiting', async () => {
  builder = contentBuildProcess({ command: path.join(work, 'no-such-command.mjs'), codeDir: '/code', renderDir: '/render', pictureDirs: [], pictureCacheDir: '/cache' })
  await expect(builder.build('{}', path.join(work, 'never'))).rejects.toThrow(/stopped \(exit 1\): .*Cannot find module/s)
})
