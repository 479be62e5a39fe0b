import { execFileSync } from 'node:child_process'
import { readdir, stat, statfs } from 'node:fs/promises'
import { join } from 'node:path'
import type { FilesystemFigures } from '../../../server/disk/disk-space.ts'
import { faultError, fileFaults } from './file-faults.ts'
import { afterTest, temporaryDir } from './forms-test-app.ts'

const BLOCK = 4096
const blocks = (bytes: number) => Math.ceil(bytes / BLOCK) * BLOCK

/** A small disk for the outbox: where it lives, how its free space is read (a simulated one gives its own statfs). */
export interface SmallDisk {
  kind: 'tmpfs' | 'simulated'
  dir: string
  statfs?: (path: string) => Promise<FilesystemFigures>
  freeBytes(): Promise<number>
}

/**
 * A real tmpfs of `sizeBytes` on a temporary folder, unmounted after the test; undefined where
 * this process may not mount one (not root, not Linux, no CAP_SYS_ADMIN in a container).
 */
export async function mountTmpfs(sizeBytes: number): Promise<SmallDisk | undefined> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined
  const dir = await temporaryDir()
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir], { stdio: 'ignore' })
  } catch {
    return undefined
  }
  // Registered first, so it runs after the service (registered later) has stopped.
  afterTest(() => execFileSync('umount', ['--lazy', dir], { stdio: 'ignore' }))
  const freeBytes = async () => {
    const figures = await statfs(dir)
    return figures.bavail * figures.bsize
  }
  return { kind: 'tmpfs', dir, freeBytes }
}

async function usedBytes(dir: string): Promise<number> {
  let used = 0
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) used += await usedBytes(path)
    else used += blocks((await stat(path).catch(() => ({ size: 0 }))).size)
  }
  return used
}

/**
 * A disk of `capacityBytes` simulated on an ordinary folder, for where no tmpfs can be mounted:
 * files take whole 4 KB blocks, statfs reports what is left, and a write that does not fit fails
 * with ENOSPC (through the node:fs/promises mock of file-faults.ts, which the test file must install).
 */
export async function simulatedDisk(capacityBytes: number): Promise<SmallDisk> {
  const dir = await temporaryDir()
  // Walking the folder on every write would be slow: a count at most 200 ms old, plus what was written since.
  let counted: { at: number; bytes: number } | undefined
  let writtenSince = 0
  const used = async () => {
    if (!counted || Date.now() - counted.at > 200) {
      counted = { at: Date.now(), bytes: await usedBytes(dir) }
      writtenSince = 0
    }
    return counted.bytes + writtenSince
  }
  fileFaults.beforeWrite = async (path, bytes) => {
    if (!path.startsWith(dir)) return
    if ((await used()) + blocks(bytes) > capacityBytes) {
      fileFaults.injected.push({ operation: 'write', path })
      throw faultError('ENOSPC', 'write', path)
    }
    writtenSince += blocks(bytes)
  }
  const freeBytes = async () => Math.max(0, capacityBytes - (await used()))
  return { kind: 'simulated', dir, freeBytes, statfs: async () => ({ bsize: BLOCK, bavail: Math.floor((await freeBytes()) / BLOCK) }) }
}
