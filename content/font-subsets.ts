/**
 * The Fontsource subset holding a language's letters, by its language code, for the one file of
 * each role the first screen preloads. A language not named here writes in Latin letters.
 */
const subsetByLanguage: Record<string, string> = {
  ar: 'arabic',
  bg: 'cyrillic',
  bn: 'bengali',
  el: 'greek',
  fa: 'arabic',
  gu: 'gujarati',
  he: 'hebrew',
  hi: 'devanagari',
  ja: 'japanese',
  kn: 'kannada',
  ko: 'korean',
  ml: 'malayalam',
  mr: 'devanagari',
  ne: 'devanagari',
  or: 'oriya',
  pa: 'gurmukhi',
  ru: 'cyrillic',
  si: 'sinhala',
  sr: 'cyrillic',
  ta: 'tamil',
  te: 'telugu',
  th: 'thai',
  uk: 'cyrillic',
  ur: 'arabic',
  vi: 'vietnamese',
  zh: 'chinese-simplified',
}

/** "bn-IN" → "bengali", "de-DE" → "latin". */
export function fontSubsetOf(locale: string): string {
  return subsetByLanguage[locale.split('-')[0]!.toLowerCase()] ?? 'latin'
}
