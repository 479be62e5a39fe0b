import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../ground/log.ts'
import { createApp } from '../../server/compose/app.ts'

/**
 * The visual editor writes site.config.json, so only `npm run dev` may serve it: the production
 * server answers its pages and API as any unknown address, with the 404 page.
 */
describe('the production server and the visual editor', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<h1>Home</h1>')
  fs.writeFileSync(path.join(dist, '404.html'), '<h1>Page Not Found</h1>')
  fs.writeFileSync(path.join(dist, '.site-routes.json'), JSON.stringify([{ path: '/', aliases: [] }]))
  const app = createApp({ distDir: dist, log: createLogger({ level: 'silent' }) })

  it.each(['/_editor', '/_editor/', '/_editor/preview', '/_editor/api/document'])('answers GET %s with 404', async (address) => {
    const response = await request(app.callback()).get(address).set('Accept', 'text/html')
    expect(response.status).toBe(404)
    expect(response.text).toContain('Page Not Found')
  })

  it('does not take a save', async () => {
    const response = await request(app.callback()).post('/_editor/api/save').send({ version: 'x', config: {} })
    expect(response.status).toBe(404)
  })
})
