/** `{name}` placeholders in the config's texts: payload mappings, fallback subjects, file texts. */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g

/** Replaces each `{name}` by `values[name]`; an unknown name becomes empty text. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '')
}

/** The names a template refers to, in order. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!)
}
