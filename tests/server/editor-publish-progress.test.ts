import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editorApi } from '../../editor/server/editor-api.ts'
import { ConflictError, type EditorDocument } from '../../editor/server/editor-document.ts'
import { publicPictureFolder } from '../../editor/server/media/picture-folder.ts'
import { publishWatcher } from '../../publish/publish-progress.ts'
import { createApp } from '../../server/compose/app.ts'
import { memoryLog } from '../../ground/log.ts'

/**
 * The editor's Publish asks for its answer as NDJSON (Accept: application/x-ndjson): the steps of
 * the publish as the server takes them, then the outcome the JSON answer would have been. Every
 * other caller still gets the JSON answer. A stand-in document publishes as the draft's version
 * says: it reports its steps, waiting on the test between them, refuses, conflicts or fails.
 */
const { log, entries } = memoryLog()
let releaseBuild: () => void = () => undefined
let published = 0
const document: EditorDocument = {
  load: async () => ({ version: 'v1', config: {}, label: 'site.config.json' }),
  check: async () => ({ text: '{}', problems: [], problemCount: 0 }),
  async save(version) {
    const report = publishWatcher()
    if (version === 'problems') return { version, problems: [{ message: 'The title is empty.', path: ['routes', 1, 'title'] }] as never, problemCount: 1 }
    if (version === 'conflict') throw new ConflictError('ben published a new version meanwhile.')
    if (version === 'full disk') throw Object.assign(new Error('The server’s disk is full: nothing was published.'), { status: 507, expose: true })
    if (version === 'bug') throw new Error('a secret detail of the server')
    report({ step: 'building', render: 1, of: 33, rendered: 0 })
    if (version === 'wait') await new Promise<void>((resolve) => (releaseBuild = resolve))
    report({ step: 'building', render: 1, of: 33, rendered: 1 })
    report({ step: 'switching' })
    published += 1
    return { version: 'v2', problems: [], problemCount: 0 }
  },
}
const api = editorApi({ document, pictures: publicPictureFolder(os.tmpdir()), mode: 'publish', authorOf: () => 'asha' })
const server = http.createServer(createApp({ log, pages: api }).callback())
let origin = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const NDJSON = 'application/x-ndjson'
const publish = (version: string, accept = NDJSON) => request(origin).post('/_editor/api/save').set('Accept', accept).send({ version, config: {} })
const linesOf = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('Publish answered as its steps, then its outcome', () => {
  it('reports checking, building N pages of M, switching, then the new version', async () => {
    const answer = await publish('v1')
      .buffer(true)
      .parse((response, done) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => done(null, text))
      })
    expect([answer.status, answer.type, answer.headers['x-accel-buffering']]).toEqual([200, NDJSON, 'no'])
    expect(linesOf(answer.body as string)).toEqual([
      { step: 'checking' },
      { step: 'building', render: 1, of: 33, rendered: 0 },
      { step: 'building', render: 1, of: 33, rendered: 1 },
      { step: 'switching' },
      { status: 200, body: { version: 'v2', problems: [], problemCount: 0 } },
    ])
  })

  it('sends each step as it happens, not when the publish ends', async () => {
    const url = new URL('/_editor/api/save', origin)
    const lines: string[] = []
    const ended = new Promise<void>((resolve, reject) => {
      const sent = http.request(url, { method: 'POST', headers: { accept: NDJSON, 'content-type': 'application/json' } }, (response) => {
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          lines.push(...chunk.split('\n').filter(Boolean))
          if (lines.length === 2) releaseBuild()
        })
        response.on('end', resolve)
      })
      sent.on('error', reject)
      sent.end(JSON.stringify({ version: 'wait', config: {} }))
    })
    // The build waits until the first two lines have reached the caller: were they held back to the end, this would never finish.
    await ended
    expect(lines.map((line) => JSON.parse(line).step ?? 'outcome')).toEqual(['checking', 'building', 'building', 'switching', 'outcome'])
  })

  it('finishes a publish whose caller went away mid-way, and writes nothing after it left', async () => {
    const before = published
    const errorsBefore = entries().filter((entry) => entry.level === 'error').length
    await new Promise<void>((resolve, reject) => {
      const sent = http.request(new URL('/_editor/api/save', origin), { method: 'POST', headers: { accept: NDJSON, 'content-type': 'application/json' } }, (response) => {
        response.once('data', () => {
          // The editor's tab closed after the first step.
          sent.destroy()
          setTimeout(() => {
            releaseBuild()
            resolve()
          }, 50)
        })
      })
      sent.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)))
      sent.end(JSON.stringify({ version: 'wait', config: {} }))
    })
    for (let waited = 0; published === before && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(published).toBe(before + 1)
    expect(entries().filter((entry) => entry.level === 'error').length).toBe(errorsBefore)
    // The server answers the next caller as ever.
    expect(linesOf((await publish('v1')).text).at(-1)).toMatchObject({ status: 200 })
  })

  it.each([
    ['problems', 422, /^Not published: the page has a problem/],
    ['conflict', 409, /^ben published a new version meanwhile\.$/],
    ['full disk', 507, /^The server’s disk is full: nothing was published\.$/],
  ])('answers a publish refused (%s) with its status and words in the last line, as the JSON answer does', async (version, status, message) => {
    const streamed = await publish(version)
    const last = linesOf(streamed.text).at(-1) as { status: number; body: { message: string } }
    expect(last.status).toBe(status)
    expect(last.body.message).toMatch(message)
    const json = await publish(version, 'application/json')
    expect([json.status, json.type]).toEqual([status, 'application/json'])
    expect(json.body).toEqual(last.body)
  })

  it('ends with a 500 line for an error of the server’s own, which is logged and never shown', async () => {
    const streamed = await publish('bug')
    const last = linesOf(streamed.text).at(-1) as { status: number; body: { message: string } }
    expect(last.status).toBe(500)
    expect(streamed.text).not.toContain('secret')
    expect(entries().some((entry) => entry.level === 'error' && JSON.stringify(entry).includes('a secret detail'))).toBe(true)
  })

  it('refuses a body it cannot read before any step, as plain JSON: the caller reads it as before', async () => {
    const answer = await request(origin).post('/_editor/api/save').set('Accept', NDJSON).set('Content-Type', 'text/plain').send('{}')
    expect([answer.status, answer.type]).toEqual([415, 'application/json'])
  })
})
