import type { FontFiles, FontPackage, SiteTheme } from './generated/site-config'

export type WebFont = FontPackage | FontFiles

/** A font package's name without its scope: "@fontsource/noto-sans-bengali" → "noto-sans-bengali". */
export const fontPackageId = (font: FontPackage): string => font.package.slice(font.package.indexOf('/') + 1)

export const isVariablePackage = (font: FontPackage): boolean => font.package.startsWith('@fontsource-variable/')

/**
 * The family name the site's @font-face rules give a web font, which its font stack names: a
 * package's from its name, in Fontsource's own spelling ("Noto Sans Bengali", "… Variable"), so the
 * runtime knows it without reading the package; the site's own files' as declared.
 */
export function webFontFamily(font: WebFont): string {
  if ('family' in font) return font.family
  const words = fontPackageId(font)
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
  return [...words, ...(isVariablePackage(font) ? ['Variable'] : [])].join(' ')
}

/**
 * The theme's web fonts by role. Headings take the body's web font when the theme names neither a
 * headings web font nor a headings stack: they then share the body's stack, web font included.
 */
export function themeWebFonts(theme: SiteTheme): { body?: WebFont; headings?: WebFont } {
  const { body, headings } = theme.webFonts ?? {}
  return { ...(body ? { body } : {}), ...(headings ? { headings } : !theme.headingsFontFamily && body ? { headings: body } : {}) }
}

/** The family first, the stack after it: the device's fonts stay the fallback while the file loads or for a letter it lacks. */
const withFamily = (font: WebFont | undefined, stack: string) => (font ? `"${webFontFamily(font)}", ${stack}` : stack)

/** The CSS font stacks of body text and headings, each web font before the theme's stack. */
export function themeFontStacks(theme: SiteTheme): { body: string; headings: string } {
  const fonts = themeWebFonts(theme)
  return { body: withFamily(fonts.body, theme.fontFamily), headings: withFamily(fonts.headings, theme.headingsFontFamily ?? theme.fontFamily) }
}
