import { folderPictures } from './folder-pictures.ts'
import type { VersionStore } from './version-store.ts'

export interface MirrorResult {
  written: string[]
  removed: string[]
}

/**
 * Brings an instance's local picture folder in line with the store: a picture the store has and
 * the folder lacks (or holds other bytes of) is copied, one the store no longer has is removed.
 * Run before a content build and when a version arrives, so a page published on one instance
 * finds its uploaded pictures on every other. `dir` belongs to the mirror (the pictures land in
 * `<dir>/images/…`, as under a public folder): nothing else should be kept in it. Compares by
 * SHA-256, so an unchanged picture is not read from the store again.
 */
export async function mirrorPictures(store: Pick<VersionStore, 'listPictures' | 'readPicture'>, dir: string): Promise<MirrorResult> {
  const local = folderPictures(dir)
  const [wanted, present] = await Promise.all([store.listPictures(), local.listPictures()])
  const presentByPath = new Map(present.map((picture) => [picture.path, picture.sha256]))
  const written: string[] = []
  for (const picture of wanted) {
    if (presentByPath.get(picture.path) === picture.sha256) continue
    const bytes = await store.readPicture(picture.path)
    // Removed from the store since it was listed: the next mirror removes the local copy too.
    if (!bytes) continue
    await local.putPicture(picture.path, bytes)
    written.push(picture.path)
  }
  const wantedPaths = new Set(wanted.map((picture) => picture.path))
  const removed = present.filter((picture) => !wantedPaths.has(picture.path)).map((picture) => picture.path)
  for (const path of removed) await local.removePicture(path)
  return { written, removed }
}
