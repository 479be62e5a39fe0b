/** The months of a blog article's date, in English and in full, as the schema's pattern spells them (site/article-date.ts). */
export const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * A blog article's date as the config writes it ("August 2024", "12 August 2024") in the site's
 * language: "August 2024", "12. August 2024" (de-DE), "12 अगस्त 2024" (hi-IN). Kept apart from
 * article-date.ts, which reads the whole block schema for its pattern: this goes into the block's
 * chunk. The checker has refused any other form; the editor's preview shows one as it is typed.
 */
export function displayedArticleDate(date: string, locale: string): string {
  const [year, month = '', day] = date.split(' ').reverse()
  const when = Date.UTC(Number(year), monthNames.indexOf(month), Number(day ?? 1))
  if (!monthNames.includes(month) || Number.isNaN(when)) return date
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: day ? 'numeric' : undefined, timeZone: 'UTC' }).format(when)
}
