/** The months of a blog article's date, in English and in full, as the schema's pattern spells them (site/article-date.ts). */
export const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * A blog article's date as the config writes it ("August 2024", "12 August 2024") in the site's
 * language: "August 2024", "12. August 2024" (de-DE), "12 अगस्त 2024" (hi-IN). The checker refuses
 * any other form; the editor's preview shows one as it is typed. Kept apart from article-date.ts,
 * which reads the whole block schema for its pattern, so the block's chunk does not carry the schema.
 */
export function displayedArticleDate(date: string, locale: string): string {
  const words = date.split(' ')
  const [day, month = '', year = ''] = words.length === 3 ? words : [undefined, ...words]
  const monthIndex = monthNames.indexOf(month)
  if (monthIndex < 0 || !/^[0-9]{4}$/.test(year) || (day !== undefined && !/^[0-9]{1,2}$/.test(day))) return date
  const format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', ...(day === undefined ? {} : { day: 'numeric' }), timeZone: 'UTC' })
  return format.format(Date.UTC(Number(year), monthIndex, day === undefined ? 1 : Number(day)))
}
