import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/compose/app.ts'
import { editorAccessFromSettings } from '../../server/compose/editor-access-service.ts'
import { createFailureFileStore } from '../../server/editor-access/failure-file-store.ts'
import { createSignInThrottle, DEFAULT_SIGN_IN_THROTTLE } from '../../server/editor-access/sign-in-throttle.ts'
import { memoryLog } from '../../ground/log.ts'
import { accountsFileWith, editorTestApp, HOST, MINUTE, PASSWORD, postSignIn } from './support/editor-access-app.ts'
import { makeTinyDist } from './support/tiny-site.ts'

const DAY = 24 * 60 * MINUTE
const ATTACKER = '198.51.100.7'
const EDITOR = '203.0.113.20'
const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } })
const temporaryFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sign-in-failures-')), name)
const keptKeys = (file: string) => Object.keys((JSON.parse(fs.readFileSync(file, 'utf8')) as { failures: object }).failures)

/** Guesses one account's password from one address as fast as the server lets it, for `forMs` of the app's clock. */
async function guessFor(app: Awaited<ReturnType<typeof editorTestApp>>, account: string, forMs: number, onWait: (seconds: number) => Promise<void> = async () => undefined) {
  const waits: number[] = []
  let guesses = 0
  for (let elapsed = 0; elapsed < forMs;) {
    const answer = await postSignIn(app.http, { account, password: `guess number ${guesses}` }, from(ATTACKER))
    if (answer.status === 401) {
      guesses += 1
      continue
    }
    expect(answer.status).toBe(429)
    const seconds = Number(answer.headers['retry-after'])
    waits.push(seconds)
    await onWait(seconds)
    app.advance(seconds * 1000)
    elapsed += seconds * 1000
  }
  return { guesses, waits }
}

describe('a password guesser', () => {
  it('is slowed ever more, a day of guessing gets about a hundred tries, and the editor signs in at once from elsewhere', async () => {
    const app = await editorTestApp({ trustProxy: 1 })
    let editorSignIns = 0
    const { guesses, waits } = await guessFor(app, 'asha', DAY, async (seconds) => {
      if (seconds < 900 || editorSignIns > 2) return
      // While the guesser must wait: the right password from the guesser's address is turned away
      // too, and the editor, from another address, is in at once, without ending the guesser's wait.
      expect((await postSignIn(app.http, { account: 'asha', password: PASSWORD }, from(ATTACKER))).status).toBe(429)
      expect((await postSignIn(app.http, { account: 'asha', password: PASSWORD }, from(EDITOR))).status).toBe(303)
      editorSignIns += 1
    })
    console.log(`one day of guessing at one account from one address: ${guesses} guesses checked, waits of ${waits.slice(0, 14).join(', ')}, … s`)
    expect(editorSignIns).toBe(3)
    expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16])
    expect(waits).toEqual([...waits].sort((a, b) => a - b))
    expect(waits.at(-1)).toBe(15 * 60)
    expect(guesses).toBeGreaterThan(50)
    expect(guesses).toBeLessThan(120)
  })

  it('gets the same answers, in the same order, for a name that is no account', async () => {
    const answersFor = async (account: string) => {
      const app = await editorTestApp()
      const seen: string[] = []
      for (let attempt = 1; attempt <= 8; attempt++) {
        const answer = await postSignIn(app.http, { account, password: `guess number ${attempt}` })
        seen.push(`${answer.status} ${answer.headers['retry-after'] ?? ''} ${/role="alert">([^<]*)/.exec(answer.text)?.[1]}`)
        if (answer.status === 429) app.advance(Number(answer.headers['retry-after']) * 1000)
      }
      return seen
    }
    const known = await answersFor('asha')
    expect(known).toContain('429 2 Too many failed sign-ins for this account name from your network. Try again in 2 seconds.')
    expect(await answersFor('nobody')).toEqual(known)
  })

  it('gets no more checks by sending guesses all at once', async () => {
    const { http } = await editorTestApp({ trustProxy: 1 })
    const burst = await Promise.all(Array.from({ length: 30 }, (_, index) => postSignIn(http, { account: 'asha', password: `guess number ${index}` }, from(ATTACKER))))
    expect(burst.filter((answer) => answer.status === 401)).toHaveLength(3)
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(27)
    const spray = await Promise.all(Array.from({ length: 30 }, (_, index) => postSignIn(http, { account: `name${index}`, password: 'some long password' }, from('198.51.100.8'))))
    expect(spray.filter((answer) => answer.status === 401)).toHaveLength(10)
  })

  it('counts an IPv6 address by its /64, and an IPv4 address written as IPv6 as itself', async () => {
    const { http } = await editorTestApp({ trustProxy: 1 })
    for (const address of ['2001:db8:a:b::1', '2001:DB8:a:b:ffff::2', '2001:0db8:000a:000b:1:2:3:4'])
      expect((await postSignIn(http, { account: 'asha', password: 'wrong' }, from(address))).status).toBe(401)
    expect((await postSignIn(http, { account: 'asha', password: PASSWORD }, from('2001:db8:a:b::99'))).status).toBe(429)
    expect((await postSignIn(http, { account: 'asha', password: PASSWORD }, from('2001:db8:a:c::1'))).status).toBe(303)

    for (const address of [ATTACKER, `::ffff:${ATTACKER}`, `::FFFF:${ATTACKER}`])
      expect((await postSignIn(http, { account: 'ben', password: 'wrong' }, from(address))).status).toBe(401)
    expect((await postSignIn(http, { account: 'ben', password: 'ben has a long password' }, from(ATTACKER))).status).toBe(429)
  })

  it('cannot break the sign-in or the count with odd names or addresses', async () => {
    const failuresFile = temporaryFile('sign-in-failures.json')
    const app = await editorTestApp({ trustProxy: 1, failuresFile })
    const names = ['a'.repeat(5000), '\u0000', '__proto__', 'constructor', 'ａｓｈａ', 'asha\u202e', '"},{"x":1', '🔑'.repeat(100)]
    const addresses = ['not an address', 'x'.repeat(2000), '::ffff:999.1.1.1', 'fe80::1%eth0', '1.2.3.4, 5.6.7.8', '[::1]:80', '']
    for (const account of names)
      for (const address of addresses) {
        const answer = await postSignIn(app.http, { account, password: 'some long password' }, from(address))
        expect([401, 429], `${account.slice(0, 20)} from ${address.slice(0, 20)}`).toContain(answer.status)
      }
    // An odd name is counted like any other: a few failures from one address and it waits.
    for (let attempt = 1; attempt <= 3; attempt++) await postSignIn(app.http, { account: '__proto__', password: `guess ${attempt}` }, from(EDITOR))
    expect((await postSignIn(app.http, { account: '__proto__', password: 'another guess' }, from(EDITOR))).status).toBe(429)
    expect((await postSignIn(app.http, { account: 'asha', password: PASSWORD }, from(EDITOR))).status).toBe(303)

    await app.failureFile!.saved()
    const text = fs.readFileSync(failuresFile, 'utf8')
    for (const key of keptKeys(failuresFile)) expect(key).toMatch(/^[\w-]{43}$/)
    // Names and addresses are kept only as hashes.
    for (const seen of ['aaaa', '__proto__', 'not an address', ATTACKER, EDITOR]) expect(text).not.toContain(seen)
  })
})

describe('the count of failed sign-ins without Redis', () => {
  it('outlives a restart', async () => {
    const accountsFile = await accountsFileWith()
    const failuresFile = temporaryFile('sign-in-failures.json')
    const before = await editorTestApp({ accountsFile, failuresFile })
    // Waits of a minute and more, so the restarted server (whose clock is not moved) is inside one.
    const { waits } = await guessFor(before, 'asha', 2 * MINUTE)
    expect(waits.at(-1)).toBeGreaterThanOrEqual(60)
    await before.failureFile!.saved()

    const restarted = await editorTestApp({ accountsFile, failuresFile })
    const answer = await postSignIn(restarted.http, { account: 'asha', password: PASSWORD }, from(ATTACKER))
    expect(answer.status).toBe(429)
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(60)
  })

  it('is written to CONTENT_DIR/sign-in-failures.json by the server', async () => {
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-dir-'))
    const { log } = memoryLog('info')
    const settings = {
      enabled: true,
      accountsFile: await accountsFileWith(),
      idleMs: 30 * MINUTE,
      maxMs: 12 * 60 * MINUTE,
      contentDir,
      versionsKept: 50,
      builtKept: 5,
      draftsMax: 50,
      passwordLinkHours: 72,
      previewLinkDays: 7,
    }
    const editor = editorAccessFromSettings(settings, undefined, log)!
    const http = request(createApp({ log, distDir: makeTinyDist(), editor }).callback())
    expect((await postSignIn(http, { account: 'asha', password: 'not the password at all' })).status).toBe(401)
    const file = path.join(contentDir, 'sign-in-failures.json')
    // One key for asha from this address, one for the address.
    await vi.waitFor(() => expect(keptKeys(file)).toHaveLength(2))
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect((await http.get('/_editor/sign-in').set('Host', HOST)).status).toBe(200)
  })

  it('stays bounded under a flood of made-up names and addresses, and keeps the guesser it was slowing', async () => {
    const file = temporaryFile('sign-in-failures.json')
    let now = Date.now()
    const store = createFailureFileStore({ file, now: () => now })
    const throttle = createSignInThrottle({ store, rules: DEFAULT_SIGN_IN_THROTTLE, now: () => now })
    for (let guess = 0; guess < 13; guess++) {
      const turn = await throttle.begin('asha', ATTACKER)
      if (!turn.allowed) now = turn.retryAt
    }
    const flood = 20_000
    for (let index = 0; index < flood; index++) await throttle.begin(`name ${index}`, `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`)
    await store.saved()
    const kept = keptKeys(file).length
    console.log(`after ${flood} made-up names from as many addresses: ${kept} keys kept, ${(fs.statSync(file).size / 1024).toFixed(0)} KiB on disk`)
    expect(kept).toBeLessThanOrEqual(10_000)
    expect(fs.statSync(file).size).toBeLessThan(2 * 1024 * 1024)
    expect(await throttle.begin('asha', ATTACKER)).toMatchObject({ allowed: false, because: 'account-from-address' })

    // A restart reads it back, bounded and with the guesser still waiting.
    const restarted = createSignInThrottle({ store: createFailureFileStore({ file, now: () => now }), rules: DEFAULT_SIGN_IN_THROTTLE, now: () => now })
    expect(await restarted.begin('asha', ATTACKER)).toMatchObject({ allowed: false })
  })

  it('keeps counting in memory when the file cannot be written, and says so once', async () => {
    const notAFolder = temporaryFile('not-a-folder')
    fs.writeFileSync(notAFolder, '')
    const { http, failureFile, entries } = await editorTestApp({ failuresFile: path.join(notAFolder, 'sign-in-failures.json') })
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await postSignIn(http, { account: 'asha', password: `guess ${attempt}` })).status).toBe(401)
      await failureFile!.saved()
    }
    expect((await postSignIn(http, { account: 'asha', password: PASSWORD })).status).toBe(429)
    expect(entries().filter(({ msg }) => msg.includes('cannot be written to disk'))).toHaveLength(1)
  })
})
