import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { diffScreenshots } from './pixel-diff.ts'

const width = 390
const height = 5000

/** A long white page with a dark bar: where a word of the page would be. */
async function page(barTop: number): Promise<Buffer> {
  const bar = await sharp({ create: { width: 120, height: 20, channels: 4, background: '#1b1f24' } })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 4, background: '#ffffff' } })
    .composite([{ input: bar, left: 40, top: barTop }])
    .png()
    .toBuffer()
}

describe('the pixel diff', () => {
  it('counts no changed pixel and draws nothing for the same page', async () => {
    const diff = await diffScreenshots(await page(3000), await page(3000))
    expect(diff).toEqual({ changed: 0, total: width * height })
  })

  it('draws the changes and cuts a close-up band around them, at full width, a little above and below', async () => {
    const diff = await diffScreenshots(await page(3000), await page(3040))
    expect(diff.changed).toBeGreaterThan(0)
    expect(diff.image).toMatchObject({ width, height })
    const closeUp = diff.closeUp!
    // The bar moved from rows 3000–3019 to 3040–3059: the band holds both with a margin.
    expect(closeUp.top).toBeLessThan(3000)
    expect(closeUp.top).toBeGreaterThan(2700)
    for (const picture of [closeUp.before, closeUp.after, closeUp.diff]) {
      expect(picture.width).toBe(width)
      expect(closeUp.top + picture.height).toBeGreaterThan(3060)
      expect(picture.height).toBeLessThanOrEqual(1000)
      expect(picture.uri).toMatch(/^data:image\/webp;base64,/)
    }
  })

  it('counts a page grown longer as changed where the shorter one has nothing', async () => {
    const longer = await sharp({ create: { width, height: height + 200, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer()
    const diff = await diffScreenshots(await page(3000), longer)
    expect(diff.total).toBe(width * (height + 200))
    expect(diff.changed).toBeGreaterThanOrEqual(width * 200)
  })
})
