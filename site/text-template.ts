/**
 * `{name}` placeholders in the config's texts: the site's own words (`texts`, "Go to slide {number}"),
 * the forms' payload mappings, fallback subjects and file texts. One syntax and one filling-in for all.
 */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g

/** Replaces each `{name}` by `values[name]`; an unknown name becomes empty text. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ''))
}

/**
 * The text cut at its placeholders, each replaced by its value as it is: for a value that is not
 * text (a link, an element), which a component renders in its place ("contact support at {email}").
 * An unknown name becomes empty text.
 */
export function templateParts<T>(template: string, values: Readonly<Record<string, T>>): Array<string | T> {
  const parts: Array<string | T> = []
  let from = 0
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > from) parts.push(template.slice(from, match.index))
    const value = values[match[1]!]
    if (value !== undefined) parts.push(value)
    from = match.index + match[0].length
  }
  if (from < template.length) parts.push(template.slice(from))
  return parts
}

/** The names a template refers to, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!)
}
