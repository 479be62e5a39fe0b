import type { MantineColorsTuple } from '@mantine/core'

type Rgb = [number, number, number]

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb
const hexOf = (rgb: number[]) =>
  '#' +
  rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')

/** `from` moved `amount` (0…1) of the way to `to`, channel by channel in sRGB, as CSS color-mix does. */
export function mixHex(from: string, to: string, amount: number): string {
  const target = rgbOf(to)
  return hexOf(rgbOf(from).map((channel, index) => channel + (target[index]! - channel) * amount))
}

/**
 * Mantine's ten shades (0 lightest … 9 darkest) of one hex colour, which sits at `baseShade`: the
 * lighter shades mix it with white, the darker ones with black. @mantine/colors-generator does this
 * with chroma-js, but it has no 9.7.3 release to pin with the rest of Mantine and would ship
 * chroma-js (about 14 KB) to every page; a straight sRGB mix is enough for tints of a brand colour.
 */
export function shadesOf(hex: string, baseShade = 6): MantineColorsTuple {
  const shade = (index: number) =>
    index < baseShade
      ? mixHex(hex, '#ffffff', ((baseShade - index) / (baseShade + 1)) * 0.95)
      : index > baseShade
        ? mixHex(hex, '#000000', ((index - baseShade) / (10 - baseShade)) * 0.6)
        : hex.toLowerCase()
  return Array.from({ length: 10 }, (_, index) => shade(index)) as unknown as MantineColorsTuple
}

/**
 * The site's neutral: Tailwind's slate, a cool blue-grey that sits with the navy bands (Mantine's
 * gray is warmer). Text, muted text, borders and the tinted sections use it; it does not follow the
 * brand, so it is fixed here.
 */
export const slate: MantineColorsTuple = ['#f8fafc', '#f1f5f9', '#e2e8f0', '#cbd5e1', '#94a3b8', '#64748b', '#475569', '#334155', '#1e293b', '#0f172a']

// OKLab (Björn Ottosson's matrices): lightness and colourfulness there match what the eye sees, so
// a tint keeps its look when its hue turns.
const toLinear = (channel: number) => ((channel /= 255) <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)
const fromLinear = (value: number) => 255 * (value <= 0.0031308 ? 12.92 * value : 1.055 * value ** (1 / 2.4) - 0.055)

/** WCAG 2's relative luminance of a hex colour: 0 for black, 1 for white (what text contrast is worked out from). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(toLinear) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** A hex colour as OKLCH: lightness, chroma, hue (radians). */
function oklchOf(hex: string): Rgb {
  const [r, g, b] = rgbOf(hex).map(toLinear) as Rgb
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s
  return [0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s, Math.hypot(a, bb), Math.atan2(bb, a)]
}

function rgbOfOklch([lightness, chroma, hue]: Rgb): Rgb {
  const a = chroma * Math.cos(hue)
  const b = chroma * Math.sin(hue)
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ].map(fromLinear) as Rgb
}

/**
 * The shipped design's vivid tints of its accent (#0891b2): a cyan ladder (light fills, and bright
 * text and icons on the navy bands) that a white mix cannot give, since mixing with white greys a
 * colour out. Index 6 is the accent itself.
 */
const shippedAccent = '#0891b2'
const shippedTints = ['#ecfeff', '#e0f2fe', '#a5f3fc', '#67e8f9', '#22d3ee', '#06b6d4', '#0891b2', '#0e7490', '#155e75', '#164e63']

/**
 * Ten vivid tints of `hex`: each shipped tint keeps its lightness, and its chroma and hue relative to
 * the shipped accent, turned to `hex`'s. For the shipped accent they are the shipped tints; for
 * another accent they are its tints with the same lightness, so text on the navy bands keeps its
 * contrast. Chroma a screen cannot show is reduced until it can.
 */
export function tintsOf(hex: string): MantineColorsTuple {
  const [, chroma, hue] = oklchOf(hex)
  const [, shippedChroma, shippedHue] = oklchOf(shippedAccent)
  return shippedTints.map((tint) => {
    const [tintLightness, tintChroma, tintHue] = oklchOf(tint)
    let scaledChroma = (tintChroma * chroma) / shippedChroma
    let rgb = rgbOfOklch([tintLightness, scaledChroma, hue + tintHue - shippedHue])
    while (rgb.some((channel) => channel < -0.5 || channel > 255.5) && scaledChroma > 0.001) {
      scaledChroma *= 0.95
      rgb = rgbOfOklch([tintLightness, scaledChroma, hue + tintHue - shippedHue])
    }
    return hexOf(rgb)
  }) as unknown as MantineColorsTuple
}
