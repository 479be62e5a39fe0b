import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { currentWatch } from '../../publish/current-watch.ts'
import { memoryLog } from '../../ground/log.ts'

describe('watching the current version', () => {
  it('sees a change by its poll when no wake-up signal ever comes (a network folder without watch events), and says once when the store cannot be read', async () => {
    let current: string | undefined = 'v1'
    let down = false
    const { log, entries } = memoryLog()
    const watch = currentWatch({
      read: async () => {
        if (down) throw new Error('connection refused')
        return current
      },
      wakeOn: () => () => undefined,
      pollMs: 50,
      log,
    })
    const seen: string[] = []
    watch.subscribe((id) => seen.push(id))
    await sleep(120)
    expect(seen).toEqual([]) // the starting version is no change
    current = 'v2'
    await sleep(150)
    down = true
    await sleep(200)
    current = 'v3'
    down = false
    await sleep(150)
    expect(seen).toEqual(['v2', 'v3'])
    expect(entries().filter((entry) => entry.msg.startsWith('cannot read the current version'))).toHaveLength(1)
    await watch.close()
  })
})
