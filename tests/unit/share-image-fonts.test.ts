import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import { shareImagePng, type ShareImageInput } from '../../content/share-image.ts'

/*
 * The share image of a Bengali site is drawn with the site's own font (site.theme.webFonts), not
 * with DejaVu Sans, which has no Bengali letter and draws each code point as a box.
 */
const files = path.join(root, 'node_modules', '@fontsource', 'noto-sans-bengali', 'files')
const bengali = (weight: number) => ({ family: 'Noto Sans Bengali', file: path.join(files, `noto-sans-bengali-bengali-${weight}-normal.woff`) })
const picture: ShareImageInput = { name: 'মিত্র মিষ্টি ভাণ্ডার', tagline: 'কলকাতার মিষ্টি', dark: '#0f2c3c', light: '#0f4c5c', accent: '#f0a050' }

/** The title's band (above the accent bar): how far right its white letters reach, and its pixels. */
async function titleBand(png: Buffer) {
  const { data, info } = await sharp(png).extract({ left: 0, top: 120, width: 1200, height: 125 }).raw().toBuffer({ resolveWithObject: true })
  let right = 0
  for (let y = 0; y < info.height; y += 1)
    for (let x = 0; x < info.width; x += 1) {
      const at = (y * info.width + x) * info.channels
      if (data[at]! > 200 && data[at + 1]! > 200 && data[at + 2]! > 200) right = Math.max(right, x)
    }
  return { right, data }
}

describe('the share image with the site’s web font', () => {
  it('draws the Bengali name shaped in the font, not as DejaVu’s boxes', async () => {
    // First: once a font file is drawn with, the process's fontconfig keeps it for the letters other fonts lack.
    const withDejaVu = await titleBand(await shareImagePng(picture))
    const withFont = await titleBand(await shareImagePng({ ...picture, fonts: { title: bengali(700), tagline: bengali(400) } }))
    expect(withFont.right).toBeGreaterThan(96)
    // A box per code point (vowel signs and virama too) is far wider than the shaped letters.
    expect(withFont.right - 96).toBeLessThan((withDejaVu.right - 96) * 0.8)
    expect(withFont.data.equals(withDejaVu.data)).toBe(false)
  })

  it('draws Latin letters the font subset lacks from the system fonts', async () => {
    const png = await shareImagePng({ ...picture, name: 'Mitra & Co', fonts: { title: bengali(700) } })
    expect((await titleBand(png)).right).toBeGreaterThan(300)
  })
})
