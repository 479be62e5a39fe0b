/** Gives a slot back; calling it more than once gives it back once. */
type ReleaseSlot = () => void

export interface UploadSlots {
  /**
   * A slot to read one upload in, or undefined when none came free within the wait: then the
   * request is answered 503 with its body unread. A request waiting here has read nothing of its
   * body, so the kernel's TCP window holds the upload, not our memory.
   */
  acquire(): Promise<ReleaseSlot | undefined>
  /** Uploads being read now and requests waiting for a turn (tests, logs). */
  inUse(): { reading: number; waiting: number }
}

/**
 * At most `limit` uploads read (and held in memory until they are queued) at once; the next ones
 * wait their turn, first come first served, for up to `waitMs`. A short wait smooths a burst
 * (each upload holds its slot for a fraction of a second on a good line) without holding a
 * visitor long when the server is truly saturated.
 */
export function createUploadSlots(limit: number, waitMs: number): UploadSlots {
  let reading = 0
  const waiting: Array<(release: ReleaseSlot | undefined) => void> = []

  function slot(): ReleaseSlot {
    reading += 1
    let released = false
    return () => {
      if (released) return
      released = true
      reading -= 1
      waiting.shift()?.(slot())
    }
  }

  return {
    async acquire() {
      if (reading < limit && waiting.length === 0) return slot()
      if (waitMs <= 0) return undefined
      return new Promise<ReleaseSlot | undefined>((resolve) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(turn), 1)
          resolve(undefined)
        }, waitMs)
        const turn = (release: ReleaseSlot | undefined) => {
          clearTimeout(timer)
          resolve(release)
        }
        waiting.push(turn)
      })
    },
    inUse: () => ({ reading, waiting: waiting.length }),
  }
}
