import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { codeBuildIdentity, forgetBuildsOfOtherCode } from '../../publish/built-for-code.ts'

const dir = mkdtempSync(join(tmpdir(), 'built-for-code-'))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('keeps the built versions across a restart on the same code build, and forgets them after a new one', () => {
  const built = join(dir, 'built')
  const mark = join(dir, 'code-build')
  const code = { template: '<script src="/assets/index-abc.js"></script>', manifest: { 'index.html': { file: 'assets/index-abc.js' } }, codeFiles: ['assets/index-abc.js'] }
  forgetBuildsOfOtherCode(built, mark, codeBuildIdentity(code))
  mkdirSync(join(built, '20260101T000000Z'), { recursive: true })
  writeFileSync(join(built, '20260101T000000Z', 'index.html'), 'built with index-abc.js')

  forgetBuildsOfOtherCode(built, mark, codeBuildIdentity(structuredClone(code)))
  expect(existsSync(join(built, '20260101T000000Z', 'index.html'))).toBe(true)

  forgetBuildsOfOtherCode(built, mark, codeBuildIdentity({ ...code, manifest: { 'index.html': { file: 'assets/index-def.js' } } }))
  expect(existsSync(built)).toBe(false)
})
