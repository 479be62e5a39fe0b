import blogArticlesSchema from '../schemas/blocks/blogArticles.schema.json' with { type: 'json' }
import { monthNames } from './article-date-display.ts'

/**
 * The forms a blog article's date may take, read from the schema itself (August 2024, 12 August
 * 2024), so the schema that `npm run validate` and editors check against and the parser the build
 * turns dates into ISO 8601 with are one rule. Its groups: day (optional), month, year. Imported as
 * JSON, as bundled code reads schemas/: a bundle cannot list a folder.
 */
const datePattern = new RegExp(blogArticlesSchema.properties.articles.items.properties.date.pattern)

export type ArticleDate =
  | { ok: true; iso: string }
  /** Not one of the forms: the schema's pattern says so. */
  | { ok: false; fault: 'form' }
  /** The right form, but the month has fewer days (31 February 2024). */
  | { ok: false; fault: 'no-such-day'; day: number; month: string; year: number; daysInMonth: number }

/**
 * "August 2024" → "2024-08", "12 August 2024" → "2024-08-12" (schema.org dates are ISO 8601). Not
 * JavaScript's Date parser: it reads "31 February 2024" as 2 March and "Summer 12" as a date in 2001.
 */
export function parseArticleDate(text: string): ArticleDate {
  const match = datePattern.exec(text)
  if (!match) return { ok: false, fault: 'form' }
  const [, dayText, month = '', yearText = ''] = match
  const year = Number(yearText)
  const monthNumber = monthNames.indexOf(month) + 1
  const yearMonth = `${yearText}-${String(monthNumber).padStart(2, '0')}`
  if (dayText === undefined) return { ok: true, iso: yearMonth }
  const day = Number(dayText)
  const daysInMonth = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate()
  if (day > daysInMonth) return { ok: false, fault: 'no-such-day', day, month, year, daysInMonth }
  return { ok: true, iso: `${yearMonth}-${String(day).padStart(2, '0')}` }
}
