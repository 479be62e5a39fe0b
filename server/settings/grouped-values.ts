import { SettingProblem } from './setting-values.ts'
import { SETTINGS, type SettingDeclaration, type SettingGroup } from './settings-table.ts'

/**
 * The typed, grouped values, derived from the table alone: a group's type is its settings' keys
 * with what their readers return, and one function reads them all. A setting with no default is
 * left out when unset; one that a form may have its own value of adds `<key>ByForm`.
 */
type Table = typeof SETTINGS
type Key = keyof Table
type ValueOf<K extends Key> = ReturnType<Table[K]['read']>
type InGroup<G extends SettingGroup> = { [K in Key]: Table[K]['group'] extends G ? K : never }[Key]
type WithDefault = { [K in Key]: Table[K] extends { default: string } ? K : never }[Key]
type PerForm = { [K in Key]: Table[K] extends { perForm: true } ? K : never }[Key]

export type GroupValues<G extends SettingGroup> = { [K in InGroup<G> & WithDefault]: ValueOf<K> } & { [K in Exclude<InGroup<G>, WithDefault>]?: ValueOf<K> } & {
  [K in InGroup<G> & PerForm as `${K}ByForm`]: Record<string, ValueOf<K>>
}

/** Time limits for a connection, so a slow client cannot hold one (server/http/http-server.ts). */
export type ServerTimeouts = GroupValues<'timeouts'>
/** What the forms service is configured with; the per-form records are by form name (book-appointment), and the forms service refuses one that names no declared form. */
export type FormsSettings = GroupValues<'forms'>
/** The visual editor behind its sign-in (server/editor-access/). */
export type EditorSettings = GroupValues<'editor'>
export type ServerConfig = GroupValues<'server'> & {
  timeouts: ServerTimeouts
  forms: FormsSettings
  editor: EditorSettings
  /** Things worth saying at start-up (development defaults in use). */
  notices: string[]
}

/** A setting of one form: `<SETTING>_<NAME>`, its name in capitals with hyphens as underscores (book-appointment: MAIL_TO_BOOK_APPOINTMENT). */
export const formVariable = (setting: string, form: string) => `${setting}_${form.toUpperCase().replaceAll('-', '_')}`

/** Every setting read, by its key, plus `<key>ByForm` for the per-form ones; what was wrong and what is worth saying, each a line naming the variable. */
export interface SettingsRead {
  values: Record<string, unknown>
  problems: string[]
  notices: string[]
}

function readVariable(env: NodeJS.ProcessEnv, name: string, declaration: SettingDeclaration, read: SettingsRead): unknown {
  const raw = env[name]?.trim()
  const textOrDefault = raw || declaration.default
  if (textOrDefault === undefined) return undefined
  const label = declaration.secret ? `${name} (value not shown)` : `${name}="${raw}"`
  try {
    return declaration.read(textOrDefault, (caveat) => read.notices.push(`${label} ${caveat}`))
  } catch (error) {
    if (!(error instanceof SettingProblem)) throw error
    read.problems.push(`${label}: ${error.message}.`)
    // The default stands in, so the rules between settings still see a value.
    return declaration.default === undefined ? undefined : declaration.read(declaration.default, () => undefined)
  }
}

/** Each `<NAME>_<FORM>` set, by the form's name; one with a wrong value is left out (its problem is listed). */
function readPerForm(env: NodeJS.ProcessEnv, declaration: SettingDeclaration, read: SettingsRead): Record<string, unknown> {
  const prefix = `${declaration.name}_`
  // WEBHOOK_URL_… is not a form's MAIL_TO…: a prefix is only a form's when what follows is the name.
  const variables = Object.keys(env).filter((name) => name.startsWith(prefix) && /^[A-Z0-9_]+$/.test(name.slice(prefix.length)) && env[name]?.trim())
  const values = variables.map((name) => [name.slice(prefix.length).toLowerCase().replaceAll('_', '-'), readVariable(env, name, { ...declaration, default: undefined }, read)])
  return Object.fromEntries(values.filter(([, value]) => value !== undefined))
}

/** Reads every setting of the table from `env`, in the table's order, then the per-form ones; never throws for a wrong value. */
export function readSettings(env: NodeJS.ProcessEnv): SettingsRead {
  const read: SettingsRead = { values: {}, problems: [], notices: [] }
  const declarations = Object.entries(SETTINGS) as Array<[Key, SettingDeclaration]>
  for (const [key, declaration] of declarations) read.values[key] = readVariable(env, declaration.name, declaration, read)
  // The forms are the site's (its config), not the server's: every MAIL_TO_<NAME> (WEBHOOK_URL_<NAME>, …) set is read, and the forms service matches them to the declared forms.
  for (const [key, declaration] of declarations) if (declaration.perForm) read.values[`${key}ByForm`] = readPerForm(env, declaration, read)
  return read
}

/** One group's values out of everything read; a setting left unset without a default is absent, not undefined. */
export function groupOf<G extends SettingGroup>(values: SettingsRead['values'], group: G): GroupValues<G> {
  const keys = Object.entries(SETTINGS).flatMap(([key, declaration]: [string, SettingDeclaration]) =>
    declaration.group === group ? [key, ...(declaration.perForm ? [`${key}ByForm`] : [])] : [],
  )
  return Object.fromEntries(keys.filter((key) => values[key] !== undefined).map((key) => [key, values[key]])) as GroupValues<G>
}
