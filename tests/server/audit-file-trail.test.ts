import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { auditEntry } from '../../server/editor-access/audit-entry.ts'
import { createAuditFileTrail, type AuditFileLimits } from '../../server/editor-access/audit-file-trail.ts'
import type { AuditTrail } from '../../server/editor-access/audit-trail.ts'
import { folderPerTest } from './support/folder-per-test.ts'

const folder = folderPerTest('audit-trail-')
const DAY = 24 * 3_600_000
const START = Date.UTC(2026, 2, 1, 9)
const roomy: AuditFileLimits = { maxFileBytes: 1024 * 1024, rotateAfterMs: 30 * DAY, keptFiles: 3 }

/** An event `minutes` after START, as the sign-in writes one. */
const event = (minutes: number, event = 'sign-in', account = 'asha', address = '10.0.0.1', details = {}) =>
  auditEntry({ at: new Date(START + minutes * 60_000).toISOString(), event, account, address, details })

async function appendAll(trail: AuditTrail, count: number, each = (n: number) => event(n)) {
  for (let n = 0; n < count; n++) await trail.append(each(n))
}

const allOf = async (trail: AuditTrail) => (await trail.page({ limit: 100_000 })).entries
const auditFiles = () => fs.readdirSync(folder.path).sort()

describe('the audit trail in a file', () => {
  it('reads back newest first, filtered by account, event, address start and time, a page at a time through the cursor', async () => {
    const trail = createAuditFileTrail(folder.path, roomy)
    await appendAll(trail, 30, (n) => event(n, n % 3 === 0 ? 'publish' : 'sign-in', n % 2 ? 'ben' : 'asha', n % 5 ? '10.0.0.1' : '192.168.1.9'))
    const first = await trail.page({ limit: 4 })
    expect(first.entries.map((entry) => Date.parse(entry.at))).toEqual([29, 28, 27, 26].map((n) => START + n * 60_000))
    const second = await trail.page({ limit: 4, before: first.next! })
    expect(second.entries.map((entry) => Date.parse(entry.at))).toEqual([25, 24, 23, 22].map((n) => START + n * 60_000))

    const published = await trail.page({ limit: 100, account: 'asha', event: 'publish' })
    expect(published.entries.map((entry) => (Date.parse(entry.at) - START) / 60_000)).toEqual([24, 18, 12, 6, 0])
    expect(published.next).toBeUndefined()
    const fromHome = await trail.page({ limit: 100, address: '192.168.' })
    expect(fromHome.entries).toHaveLength(6)
    const window = await trail.page({ limit: 100, from: START + 10 * 60_000, to: START + 12 * 60_000 })
    expect(window.entries.map((entry) => (Date.parse(entry.at) - START) / 60_000)).toEqual([12, 11, 10])
  })

  it('puts the file aside past its size, keeps only the newest put-aside files, and still reads across them in order', async () => {
    const trail = createAuditFileTrail(folder.path, { ...roomy, maxFileBytes: 1000 })
    await appendAll(trail, 60)
    const files = auditFiles()
    expect(files).toContain('audit.jsonl')
    expect(files).toHaveLength(4)
    for (const file of files) expect(fs.statSync(path.join(folder.path, file)).size).toBeLessThanOrEqual(1000)
    const kept = await allOf(trail)
    // The oldest entries went with the oldest files; what is left is the newest, unbroken and in order.
    expect(kept.length).toBeLessThan(60)
    expect(kept.map((entry) => (Date.parse(entry.at) - START) / 60_000)).toEqual(Array.from({ length: kept.length }, (_, index) => 59 - index))
  })

  it('puts the file aside once its first entry is older than the limit, even when it is small', async () => {
    const trail = createAuditFileTrail(folder.path, { ...roomy, rotateAfterMs: DAY })
    await trail.append(event(0))
    await trail.append(event(60))
    expect(auditFiles()).toEqual(['audit.jsonl'])
    await trail.append(event(24 * 60 + 1))
    expect(auditFiles()).toHaveLength(2)
    expect(await allOf(trail)).toHaveLength(3)
  })

  it('skips a line torn by a crash, and the next line written after a restart is whole', async () => {
    const before = createAuditFileTrail(folder.path, roomy)
    await appendAll(before, 3)
    // A crash in the middle of the fourth line: half of it reached the disk.
    const half = JSON.stringify({ id: '9-0', ...event(3) }).slice(0, 40)
    fs.appendFileSync(path.join(folder.path, 'audit.jsonl'), half)
    const after = createAuditFileTrail(folder.path, roomy)
    expect((await allOf(after)).map((entry) => (Date.parse(entry.at) - START) / 60_000)).toEqual([2, 1, 0])
    await after.append(event(4, 'publish'))
    const entries = await allOf(after)
    expect(entries.map((entry) => entry.event)).toEqual(['publish', 'sign-in', 'sign-in', 'sign-in'])
    // Its id still rises after the restart: the cursor goes on working.
    expect((await after.page({ limit: 1, before: entries[0]!.id })).entries[0]!.id).toBe(entries[1]!.id)
  })

  it('keeps no detail named like a secret, and no text without bound', async () => {
    const trail = createAuditFileTrail(folder.path, roomy)
    const secret = 'hunter2 is my password'
    await trail.append(
      event(0, 'account-changed', 'asha', '10.0.0.1', {
        password: secret,
        newPassword: secret,
        passwordHash: secret,
        csrf_token: secret,
        Cookie: secret,
        sessionId: secret,
        totpSecret: secret,
        code: '123456',
        reason: 'x'.repeat(5000),
        role: 'publisher',
      }),
    )
    const text = fs.readFileSync(path.join(folder.path, 'audit.jsonl'), 'utf8')
    expect(text).not.toContain('hunter2')
    expect(text).not.toContain('123456')
    const [entry] = await allOf(trail)
    expect(Object.keys(entry!.details).sort()).toEqual(['reason', 'role'])
    expect(String(entry!.details.reason).length).toBeLessThan(400)
  })
})
