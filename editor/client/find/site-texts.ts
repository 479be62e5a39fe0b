import type { SiteConfig } from '../../../site/generated/site-config'
import type { JsonSchema } from '../schema/json-schema'
import { childSchema, schemaOfValue } from '../form/place-schemas'
import { isDeveloperSetting, widgetFor } from '../form/widget-choice'
import { siteSchema } from '../schema/config-schema'
import type { JsonPath } from '../state/json-path'

/** One text of the site where an editor's form shows it: its place in the config and its words. */
export interface SiteText {
  path: JsonPath
  text: string
}

/**
 * Words an editor writes: a text typed into a text box or area. Not a choice from a list (a block's
 * type, an icon, a colour), a link's target or a picture's path (their own inputs), nor a text the
 * schema gives a pattern, which makes it a code rather than words (an id, a page's address, a
 * country code).
 */
function isWords(schema: JsonSchema): boolean {
  const input = widgetFor(schema, 'a text of the site')
  return (input === 'string' || input === 'textarea') && schema.pattern === undefined
}

/**
 * Every text of every site setting and every page, in the config's order, as the screens' forms
 * show them (a setting only the site's developer changes is passed by, as the forms pass it by).
 * A text given in several languages is one text per language. What the config leaves out (a word
 * the site takes from its default) is not a text of the config.
 */
export function siteTexts(config: SiteConfig): SiteText[] {
  const found: SiteText[] = []
  const visit = (input: JsonSchema, value: unknown, path: JsonPath) => {
    if (value === undefined || value === null) return
    const schema = schemaOfValue(input, value)
    if (isDeveloperSetting(schema)) return
    if (typeof value === 'string') {
      if (isWords(schema)) found.push({ path, text: value })
      return
    }
    // A text given per language ({ "en": …, "bn": … }, site/languages.ts): each translation is a text of its own, at its language's key.
    if (schema['x-translatable'] === true && isWords(schema) && typeof value === 'object' && !Array.isArray(value)) {
      for (const [language, text] of Object.entries(value)) if (typeof text === 'string') found.push({ path: [...path, language], text })
      return
    }
    if (typeof value !== 'object') return
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value)
    for (const [key, item] of entries) {
      const child = childSchema(schema, key)
      if (child) visit(child, item, [...path, key])
    }
  }
  visit(siteSchema, config, [])
  return found
}
