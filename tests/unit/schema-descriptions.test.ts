import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { schemasDir } from '../../scripts/lib/paths'

/** Every schema file under schemas/, generated ones included. */
function schemaFiles(dir = schemasDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return schemaFiles(full)
    return entry.name.endsWith('.schema.json') ? [full] : []
  })
}

/** Paths of properties that lack a description; a `$ref`'d property is described where it points. */
function undescribed(node: unknown, at: string): string[] {
  if (!node || typeof node !== 'object') return []
  const schema = node as Record<string, unknown>
  const missing: string[] = []
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined
  for (const [name, property] of Object.entries(properties ?? {})) {
    if (!property.description && !property.$ref) missing.push(`${at}.${name}`)
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'examples' || key === 'defaultSnippets' || key === 'default') continue
    if (Array.isArray(value)) value.forEach((item, index) => missing.push(...undescribed(item, `${at}.${key}[${index}]`)))
    else if (typeof value === 'object') missing.push(...undescribed(value, `${at}.${key}`))
  }
  return missing
}

describe('schemas document themselves', () => {
  const files = schemaFiles()

  it('finds the site, block and form schemas', () => {
    const names = files.map((file) => path.relative(schemasDir, file))
    expect(names).toContain('site.schema.json')
    expect(names.filter((name) => name.startsWith('blocks/')).length).toBeGreaterThan(1)
  })

  it.each(files.map((file) => [path.relative(schemasDir, file), file]))('%s describes every property', (_, file) => {
    const schema = JSON.parse(fs.readFileSync(file, 'utf8'))
    expect(schema.description, 'the schema itself').toBeTruthy()
    expect(undescribed(schema, '')).toEqual([])
  })
})
