import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'

/**
 * A new temporary folder for each test of the file, removed after the test once what the test
 * opened in it is closed (newest first), so no store or watch outlives its folder.
 */
export function folderPerTest(prefix: string): { readonly path: string; closeAfterTest(...close: Array<() => Promise<void>>): void } {
  let path = ''
  const closers: Array<() => Promise<void>> = []
  beforeEach(async () => {
    path = await mkdtemp(join(tmpdir(), prefix))
  })
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close()
    await rm(path, { recursive: true, force: true })
  })
  return {
    get path() {
      return path
    },
    closeAfterTest: (...close) => void closers.push(...close),
  }
}
