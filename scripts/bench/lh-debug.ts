import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { distDir } from '../lib/paths.ts'
import { createApp } from '../../server/compose/app.ts'
import { createLogger } from '../../ground/log.ts'
import { writeZeroJsFloor } from './lib/zero-js-floor.ts'
const route = process.argv[2] ?? '/'
const floorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-js-floor-'))
await writeZeroJsFloor(distDir, floorDir)
async function serve(dir: string) {
  const server = createApp({ distDir: dir, log: createLogger({ level: 'silent' }) }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}
const sites = { ours: await serve(distDir), floor: await serve(floorDir) }
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
for (const site of ['ours', 'floor', 'ours', 'floor'] as const) {
  const r = await lighthouse(sites[site].origin + route, { port: chrome.port, output: 'json', logLevel: 'error' })
  const a = r!.lhr.audits
  const el = (a['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node
  const phases = (a['largest-contentful-paint-element']?.details as any)?.items?.[1]?.items
  console.log(site, 'LCP', Math.round(a['largest-contentful-paint']!.numericValue!), 'FCP', Math.round(a['first-contentful-paint']!.numericValue!), el?.snippet?.slice(0, 160), el?.selector)
  console.log('  phases', JSON.stringify(phases))
  const obs = (a['metrics']?.details as any)?.items?.[0]
  console.log('  observed LCP', obs?.observedLargestContentfulPaint, 'observed FCP', obs?.observedFirstContentfulPaint, 'observedLoad', obs?.observedLoad)
}
chrome.kill(); sites.ours.server.close(); sites.floor.server.close()
