import type { PublishEvent } from './version-store.ts'

const WORDS: Record<PublishEvent, { refused: string; again: string }> = {
  publish: { refused: 'Not published', again: 'publish again' },
  rollback: { refused: 'Not rolled back', again: 'roll back again' },
  'restore-page': { refused: 'The page was not restored', again: 'restore it again' },
}

/**
 * A publish or rollback refused because the disk it builds and keeps versions on is full (or the
 * user's quota is): nothing was changed, and the site goes on showing the version it showed. It
 * carries its own answer, in the http-errors convention the editor's API follows: a status (507
 * Insufficient Storage) and `expose`, as its message is meant for the editor, who can do nothing
 * about a disk but tell whoever runs the server.
 */
export class DiskFull extends Error {
  readonly status = 507
  readonly expose = true

  constructor(event: PublishEvent) {
    const { refused, again } = WORDS[event]
    super(`${refused}: the server's disk is full. Nothing was changed; ask whoever runs the server to free space, then ${again}.`)
    this.name = 'DiskFull'
  }
}

/**
 * A change to a team draft refused because the disk the drafts are kept on is full: the draft is
 * as it was, and the editor keeps the edits it could not send until there is space again.
 */
export class DraftDiskFull extends Error {
  readonly status = 507
  readonly expose = true

  constructor() {
    super(
      "Not saved to the draft: the server's disk is full. The draft is as it was and your edits stay in this browser; ask whoever runs the server to free space, then try again.",
    )
    this.name = 'DraftDiskFull'
  }
}
