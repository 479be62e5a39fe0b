import escapeHtml from 'escape-html'

/** Up to two capitals of the name: the first letter or digit of each of its first two words ("Green Leaf Dental" → "GL"). */
function initialsOf(name: string): string {
  const firsts = name
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((letter) => letter !== undefined)
  return (firsts.length > 0 ? firsts.slice(0, 2).join('') : '?').toLocaleUpperCase()
}

/**
 * A square badge with the name's initials, a placeholder for the site's own logo or favicon. The
 * name is text from the command line: escaped wherever it goes. It is the picture's <title> (its
 * accessible name), never an attribute of the root element, whose opening tag must stay short
 * enough for the checker to read it.
 */
function initialsBadge(name: string, colour: string, size: number): string {
  const initials = initialsOf(name)
  const fontSize = Math.round(size * (initials.length > 1 ? 0.4 : 0.55))
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img">`,
    `  <title>${escapeHtml(name)}</title>`,
    `  <rect width="${size}" height="${size}" rx="${Math.round(size / 6)}" fill="${colour}"/>`,
    `  <text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeHtml(initials)}</text>`,
    '</svg>',
    '',
  ].join('\n')
}

export const placeholderLogo = (name: string, colour: string) => initialsBadge(name, colour, 160)
export const placeholderFavicon = (name: string, colour: string) => initialsBadge(name, colour, 32)
