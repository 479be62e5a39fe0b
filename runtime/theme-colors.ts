import type { MantineColorsTuple } from '@mantine/core'

/**
 * Mantine's ten shades (0 lightest … 9 darkest) of one hex colour, which sits at `baseShade`: the
 * lighter shades mix it with white, the darker ones with black. @mantine/colors-generator does this
 * with chroma-js, but it has no 9.7.3 release to pin with the rest of Mantine and would ship
 * chroma-js (about 14 KB) to every page; a straight sRGB mix is enough for tints of a brand colour.
 */
export function shadesOf(hex: string, baseShade = 6): MantineColorsTuple {
  const rgb = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16))
  const mix = (toward: number, amount: number) => '#' + rgb.map((channel) => Math.round(channel + (toward - channel) * amount).toString(16).padStart(2, '0')).join('')
  const shade = (index: number) =>
    index < baseShade ? mix(255, ((baseShade - index) / (baseShade + 1)) * 0.95) : index > baseShade ? mix(0, ((index - baseShade) / (10 - baseShade)) * 0.6) : hex.toLowerCase()
  return Array.from({ length: 10 }, (_, index) => shade(index)) as unknown as MantineColorsTuple
}
