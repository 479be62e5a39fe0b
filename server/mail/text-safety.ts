/**
 * Making visitor text safe where it lands in an e-mail. Nodemailer encodes header values, but it
 * cannot know which parts of a subject came from a visitor; we keep those to one plain line.
 * HTML escaping is the escape-html package's.
 */

/** One line of plain text for a header: no CR, LF or other control characters, bounded length. */
export function toHeaderText(text: string, maxLength = 80): string {
  // \p{Cc}: the C0 and C1 control characters and DEL.
  const oneLine = text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}…` : oneLine
}

/** A lowercase ASCII slug for generated file names: "Åsha Roy!" → "asha-roy". */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '')
}
