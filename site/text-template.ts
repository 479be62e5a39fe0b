/**
 * `{name}` placeholders in the config's texts: the site's own words (`texts`, "Show slide {number}"),
 * the forms' payload mappings, fallback subjects and file texts. One syntax and one filling-in for all.
 */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/

/**
 * The text cut at its placeholders, each replaced by its value as it is: text, or what a component
 * renders in its place (a link: "contact support at {email}"). An unknown name becomes empty text
 * (an inherited one too: "{constructor}" is no value).
 */
export function templateParts<T>(template: string, values: Readonly<Record<string, T>>): Array<string | T> {
  // split() with a capturing group: the texts around the placeholders, each name between them.
  return template
    .split(PLACEHOLDER)
    .map((part, index) => (index % 2 === 0 ? part : Object.hasOwn(values, part) ? values[part]! : ''))
    .filter((part) => part !== '')
}

/** Replaces each `{name}` by `values[name]`; an unknown name becomes empty text. */
export const fillTemplate = (template: string, values: Readonly<Record<string, string | number>>): string => templateParts(template, values).join('')

/** The names a template refers to, in order. */
export const placeholdersOf = (template: string): string[] => template.split(PLACEHOLDER).filter((_, index) => index % 2)
