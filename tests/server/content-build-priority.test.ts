import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { contentBuildNice, contentBuildProcess } from '../../publish/content-build-process.ts'

/**
 * Visitors pay for publishing no more than they must: the content build of a publish runs in a
 * process of its own at a lower CPU priority than the server's, so on a machine short of cores the
 * server's requests are served first. A stand-in command writes the priority it runs at.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'content-build-priority-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

it('runs the content build at a lower priority than the server, which keeps its own', async () => {
  const command = path.join(work, 'content-build.mjs')
  // What the build command is handed: the config file, then --out and the folder to fill.
  fs.writeFileSync(
    command,
    `import fs from 'node:fs'; import os from 'node:os'
     const out = process.argv[process.argv.indexOf('--out') + 1]
     fs.mkdirSync(out, { recursive: true })
     fs.writeFileSync(out + '/priority.txt', String(os.getPriority()))
     // On Linux each thread has its own: V8's helper threads among them, started before any of this ran.
     if (process.platform === 'linux') {
       const niceOf = (stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
       const threads = fs.readdirSync('/proc/self/task').map((task) => niceOf(fs.readFileSync('/proc/self/task/' + task + '/stat', 'utf8')))
       fs.writeFileSync(out + '/threads.json', JSON.stringify(threads))
     }`,
  )
  const serverPriority = os.getPriority()
  const outDir = path.join(work, 'built')
  await contentBuildProcess({ command, pictureDirs: [] })('{}', outDir)
  expect(Number(fs.readFileSync(path.join(outDir, 'priority.txt'), 'utf8'))).toBe(contentBuildNice())
  expect(contentBuildNice()).toBeGreaterThan(serverPriority)
  if (process.platform === 'linux') {
    const threads = JSON.parse(fs.readFileSync(path.join(outDir, 'threads.json'), 'utf8')) as number[]
    expect(threads.length).toBeGreaterThan(1)
    expect(new Set(threads)).toEqual(new Set([contentBuildNice()]))
  }
  expect(os.getPriority()).toBe(serverPriority)
})
