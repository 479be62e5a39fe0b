// @vitest-environment node
/**
 * A picture uploaded in the editor of the compiled production server (EDITOR=on) and published
 * reaches visitors resized: the published page shows AVIF and WebP sources of it, which the server
 * answers with their types and a year's cache, made by the content build's process from the
 * upload, not by the server. Needs `npm run build`.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDocument, publish, type EditorSession } from '../../scripts/harness/editor-client.ts'
import { startPublishingServer } from '../../scripts/harness/publishing-server.ts'
import { buildSiteOnce } from '../../scripts/lib/server-process.ts'

let harness: Awaited<ReturnType<typeof startPublishingServer>>
let session: EditorSession

beforeAll(async () => {
  buildSiteOnce()
  harness = await startPublishingServer('picture-publish-')
  session = await harness.signIn()
}, 120_000)
afterAll(async () => harness?.stop())

const upload = async (name: string, bytes: Buffer) =>
  fetch(`${harness.server.url}/_editor/api/media/upload?${new URLSearchParams({ folder: 'about', kind: 'picture', name })}`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: harness.server.url, 'x-csrf-token': session.csrfToken, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  })

describe('a picture uploaded and published on the production server', () => {
  it('is served resized in AVIF and WebP beside the original, cached for a year', async () => {
    const photo = await sharp({ create: { width: 1400, height: 1050, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer()
    const answer = await upload('Team at work.jpg', photo)
    expect(answer.status).toBe(201)
    const { image } = (await answer.json()) as { image: { src: string } }
    expect(image.src).toBe('/images/about/team-at-work.jpg')

    const document = await loadDocument(harness.server.url, session)
    const config = structuredClone(document.config) as { routes: { path: string; blocks: { type: string; image?: unknown }[] }[] }
    const story = config.routes.find((route) => route.path === '/about')!.blocks.find((block) => block.type === 'textSection')!
    story.image = { src: image.src, alt: 'Our team at work', width: 560, height: 420 }
    await publish(harness.server.url, session, { ...document, config } as typeof document)

    const page = await (await fetch(`${harness.server.url}/about`)).text()
    const picture = /<picture[^>]*>(.*?)<\/picture>/.exec(page)?.[1] ?? ''
    expect(picture).toContain(`src="${image.src}"`)
    const sources = [...picture.matchAll(/<source type="(image\/\w+)" srcSet="([^"]+)"/g)].map(([, type, srcset]) => ({
      type: type!,
      urls: srcset!.split(', ').map((candidate) => candidate.split(' ')[0]!),
    }))
    expect(sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp'])
    for (const { type, urls } of sources) {
      expect(urls.length).toBeGreaterThan(1)
      for (const url of urls) {
        const served = await fetch(`${harness.server.url}${url}`)
        expect(served.status, url).toBe(200)
        expect(served.headers.get('content-type')).toBe(type)
        expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
        expect(meta.format).toBe(type === 'image/avif' ? 'heif' : 'webp')
      }
    }
    // The original is still served as uploaded, for a browser that takes neither format.
    expect((await fetch(`${harness.server.url}${image.src}`)).status).toBe(200)
  })
})
