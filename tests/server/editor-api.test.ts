import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import type { ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editorMiddleware } from '../../editor/server/editor-middleware.ts'
import { EDITOR_BODY_LIMIT_BYTES } from '../../editor/server/json-body.ts'
import { createApp } from '../../server/compose/app.ts'
import { memoryLog } from '../../ground/log.ts'
import { defaultConfigPath, root } from '../../scripts/lib/paths.ts'
import { statusOfGrowingBody } from './support/raw-http.ts'

/**
 * The visual editor's JSON API as `npm run dev` mounts it (behind the production app's error
 * boundary): a request's mistakes are answered as the request's (4xx, JSON), never as a 500, and
 * only the API names the editor declares answer. Nothing here saves: the config file is only read.
 */
const { log, entries } = memoryLog()
// The API never touches Vite; only the editor's HTML pages go through it.
const noVite = {} as ViteDevServer
const edited = { file: defaultConfigPath, label: 'site.config.json', publicDir: path.join(root, 'public') }
const app = createApp({ log, pages: editorMiddleware(edited, noVite) })
const server = http.createServer(app.callback())
let origin = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const post = (name: string) => request(origin).post(`/_editor/api/${name}`)
const errorsLogged = () => entries().filter((entry) => entry.level === 'error' || entry.level === 'fatal')

describe("the visual editor's API answers only the names it declares", () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'no-such-api'])('POST /_editor/api/%s is a JSON 404, whatever the body asks for', async (name) => {
    // With a plain object lookup, "constructor" was Object itself: it echoed this body back as status and answer.
    const response = await post(name).send({ status: 299, body: { chosen: 'by the request' } })
    expect(response.status).toBe(404)
    expect(response.type).toBe('application/json')
    expect(response.body.message).toContain('There is no editor API at this address')
    expect(JSON.stringify(response.body)).not.toContain('by the request')
  })

  it('refuses a GET of a POST action and a POST of the document with 405 and Allow', async () => {
    const getCheck = await request(origin).get('/_editor/api/check')
    expect([getCheck.status, getCheck.headers.allow]).toEqual([405, 'POST'])
    const postDocument = await post('document').send({})
    expect([postDocument.status, postDocument.headers.allow]).toEqual([405, 'GET'])
  })

  it('still loads the document and checks a draft of it (the declared names work)', async () => {
    const loaded = await request(origin).get('/_editor/api/document')
    expect(loaded.status).toBe(200)
    const checked = await post('check').send({ version: loaded.body.version, config: loaded.body.config })
    expect(checked.status).toBe(200)
    expect(checked.body).toEqual({ problems: [], problemCount: 0 })
  })
})

describe("the visual editor's API answers a bad body as the request's mistake", () => {
  it('a body that is not JSON: 415', async () => {
    const response = await post('check').set('Content-Type', 'text/plain').send('{"version":"x"}')
    expect(response.status).toBe(415)
    expect(response.body.message).toBe('Send JSON (Content-Type: application/json).')
  })

  it.each([
    ['malformed JSON', '{"version": "x", config: }'],
    ['an empty body', ''],
    ['a JSON array', '[1, 2]'],
    ['a JSON string', '"check"'],
    ['JSON null', 'null'],
  ])('%s: 400', async (_case, body) => {
    const response = await post('check').set('Content-Type', 'application/json').send(body)
    expect(response.status).toBe(400)
    expect(response.type).toBe('application/json')
    expect(response.body.message).toMatch(/^(The body is not valid JSON\.|Send a JSON object\.)$/)
  })

  it('a body declared larger than the limit (1 MB): 413 before it is read', async () => {
    const response = await post('check')
      .set('Content-Type', 'application/json')
      .set('Content-Length', String(EDITOR_BODY_LIMIT_BYTES + 1))
      .send('{}')
      .ok(() => true)
      .catch((error: { response?: request.Response }) => error.response)
    expect(response?.status).toBe(413)
    expect(response?.body.message).toMatch(/^The config sent is larger than 1 MB, .* so it was not read and nothing was changed\./)
  })

  it('a body that grows past the limit without declaring its length: 413', async () => {
    const piece = Buffer.alloc(64 * 1024, 0x20)
    const status = await statusOfGrowingBody(`${origin}/_editor/api/save`, { 'Content-Type': 'application/json' }, piece, EDITOR_BODY_LIMIT_BYTES / piece.length + 1)
    expect(status).toBe(413)
  })

  const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
  it.each([
    ['check', 'a version that is not a text', '{"version": 7, "config": {}}', 'Send the version the editor loaded as version (a text).'],
    ['save', 'no config', '{"version": "x"}', 'Send the config as config (a JSON object).'],
    ['new-page', 'a path that is not a text', '{"version": "x", "config": {}, "path": 1, "title": "Page"}', 'Send the new page’s path and title as texts.'],
    ['new-page', 'an unknown template', '{"version": "x", "config": {}, "path": "/x", "title": "Page", "template": "__proto__"}', 'The template is one of service, text, empty.'],
    [
      'new-page',
      'a call to action that is not true or false',
      '{"version": "x", "config": {}, "path": "/x", "title": "Page", "callToAction": "yes"}',
      'Send callToAction as true or false, or leave it out.',
    ],
    [
      'save',
      'a config nested 1000 levels deep',
      `{"version": "x", "config": ${nested(1000)}}`,
      'The JSON sent is nested more than 32 levels deep; a site config is far shallower.',
    ],
  ])('%s with %s: 400, in words', async (name, _case, body, message) => {
    const response = await post(name).set('Content-Type', 'application/json').send(body)
    expect([response.status, response.body.message]).toEqual([400, message])
  })

  it.each([[1e9], [-3], [2.5], ['4'], [null], [{ length: 1e9 }]])(
    'new-page with %j cards: 400, on the Cards field, in the scaffold’s words, the draft untouched',
    async (cards) => {
      const loaded = await request(origin).get('/_editor/api/document')
      const answer = await post('new-page').send({ version: loaded.body.version, config: loaded.body.config, path: '/zero-trust', title: 'Zero Trust', cards })
      expect(answer.status).toBe(400)
      expect(answer.body.field).toBe('cards')
      expect(answer.body.message).toMatch(/^The number of cards is a whole number from 0 to 12 \(0 leaves them out\), not /)
      expect(answer.body.config).toBeUndefined()
    },
  )

  it('none of these reached the error log as a 500', () => {
    expect(errorsLogged()).toEqual([])
  })
})

describe("the visual editor's partner logos, whatever files the folder holds", () => {
  // A copy of the public folder's partner logos, plus what people drop next to them.
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-partners-'))
  const partnersDir = path.join(publicDir, 'images', 'partners')
  fs.cpSync(path.join(root, 'public', 'images', 'partners'), partnersDir, { recursive: true })
  for (const file of ['zscaler.svg', 'zscaler.png', 'Fortinet.PNG', 'palo alto.svg', 'Société-Générale.svg', '._fortinet.svg'])
    fs.writeFileSync(path.join(partnersDir, file), '<svg/>')
  const partnersApp = createApp({ log, pages: editorMiddleware({ ...edited, publicDir }, noVite) }).callback()
  afterAll(() => fs.rmSync(publicDir, { recursive: true, force: true }))

  it('offers each partner once (zscaler.svg and zscaler.png are one Zscaler), and names the files it leaves out', async () => {
    const loaded = await request(partnersApp).get('/_editor/api/document')
    expect(loaded.status).toBe(200)
    const names: string[] = loaded.body.partners
    expect(names.filter((name) => name === 'Zscaler')).toEqual(['Zscaler'])
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length)
    expect(names).toContain('Société Générale')
    expect(loaded.body.unusablePartnerFiles.map((unusable: { file: string }) => unusable.file)).toEqual(['Fortinet.PNG', 'palo alto.svg'])
  })

  it('makes a page with the partners named in a list, the SVG of a partner that has two files', async () => {
    const loaded = await request(partnersApp).get('/_editor/api/document')
    const answer = await request(partnersApp)
      .post('/_editor/api/new-page')
      .send({
        version: loaded.body.version,
        config: loaded.body.config,
        path: '/zero-trust',
        title: 'Zero Trust',
        template: 'service',
        menu: '',
        partners: ['Zscaler', 'Société Générale'],
      })
    expect(answer.status).toBe(200)
    const page = answer.body.config.routes.find((route: { path: string }) => route.path === '/zero-trust')
    const strip = page.blocks.find((block: { type: string }) => block.type === 'logoStrip')
    expect(strip.logos.map((logo: { src: string }) => logo.src)).toEqual(['/images/partners/zscaler.svg', '/images/partners/Société-Générale.svg'])
  })

  it('makes a page with the cards and reasons asked for, each text empty to write, and no closing band when asked for none', async () => {
    const loaded = await request(partnersApp).get('/_editor/api/document')
    const answer = await request(partnersApp)
      .post('/_editor/api/new-page')
      .send({ version: loaded.body.version, config: loaded.body.config, path: '/zero-trust', title: 'Zero Trust', cards: 4, reasons: 2, callToAction: false })
    expect(answer.status).toBe(200)
    const page = answer.body.config.routes.find((route: { path: string }) => route.path === '/zero-trust')
    expect(page.blocks.map((block: { type: string }) => block.type)).toEqual(['pageHero', 'cardGrid', 'valueList'])
    expect(page.blocks[1].cards).toEqual([{ text: '' }, { text: '' }, { text: '' }, { text: '' }])
    expect(page.blocks[2].items).toEqual([
      { title: '', text: '' },
      { title: '', text: '' },
    ])
  })
})
