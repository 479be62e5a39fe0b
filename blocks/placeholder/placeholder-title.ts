/** "/resources/gallery" → "Resources > Gallery": segments capitalised, hyphens as spaces; `home` for "/". */
export function placeholderTitle(pathname: string, home: string): string {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/-/g, ' '))
    .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1))
  return segments.length ? segments.join(' > ') : home
}
