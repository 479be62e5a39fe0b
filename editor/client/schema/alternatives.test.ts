import { describe, expect, it } from 'vitest'
import { alternativeLabel, matchingAlternative, switchedValue } from './alternatives'
import type { JsonSchema } from './json-schema'
import { resolve, schemaFile } from './schema-refs'
import { alternativesOf } from './schemas'

const navigation = schemaFile('defs/navigation.schema.json')!
/** A top menu entry: a link or a dropdown. */
const menuEntry = alternativesOf(resolve(navigation.properties!.items!.items!))!
/** An entry of a dropdown's panel: a link or a sub-menu. */
const panelEntry = alternativesOf(resolve((navigation as { definitions: Record<string, JsonSchema> }).definitions.dropdown!.properties!.items!.items!))!

describe('anyOf / oneOf alternatives', () => {
  it('names each alternative from its title, or its definition name when the title is a type name', () => {
    expect(menuEntry.map(alternativeLabel)).toEqual(['Link', 'Dropdown'])
    expect(panelEntry.map(alternativeLabel)).toEqual(['Link', 'Sub menu'])
    expect([{ type: 'string' }, { type: 'number', title: 'Seconds' }].map(alternativeLabel)).toEqual(['Option 1', 'Seconds'])
  })

  it('tells which alternative a value is from its shape', () => {
    expect(matchingAlternative(menuEntry, { label: 'About', to: '/about' })).toBe(0)
    expect(matchingAlternative(menuEntry, { label: 'Services', items: [{ label: 'Cloud', to: '/cloud' }] })).toBe(1)
    expect(matchingAlternative(panelEntry, { label: 'Security', to: '/security', items: [{ label: 'EDR', to: '/edr' }] })).toBe(1)
    // Half-written: the nearest one, so the person sees the fields still to fill in.
    expect(matchingAlternative(panelEntry, { label: 'Security', items: [] })).toBe(1)
    expect(matchingAlternative(menuEntry, undefined)).toBe(0)
    expect(matchingAlternative([{ type: 'string' }, { type: 'number' }], 4)).toBe(1)
    expect(matchingAlternative([{ properties: { kind: { const: 'a' } } }, { properties: { kind: { const: 'b' } } }], { kind: 'b' })).toBe(1)
  })

  it('keeps what still fits when switching, and starts what the new alternative needs', () => {
    const dropdown = switchedValue({ label: 'Services', to: '/services', hint: 'all of them' }, menuEntry[1]!) as { label: string; items: unknown[] }
    expect(dropdown.label).toBe('Services')
    expect(Object.keys(dropdown)).toEqual(['label', 'items'])
    expect(dropdown.items).toHaveLength(1)
    expect(matchingAlternative(menuEntry, dropdown)).toBe(1)

    const link = switchedValue({ label: 'Services', width: 300, items: [{ label: 'Cloud', to: '/cloud' }] }, menuEntry[0]!)
    expect(Object.keys(link as object)).toEqual(['label', 'to'])
    expect((link as { label: string }).label).toBe('Services')
    expect(matchingAlternative(menuEntry, link)).toBe(0)

    const subMenu = switchedValue({ label: 'Security', to: '/security' }, panelEntry[1]!) as Record<string, unknown>
    expect(subMenu).toMatchObject({ label: 'Security', to: '/security' })
    expect(subMenu.items).toHaveLength(1)
    expect(switchedValue({ label: 'Security', to: '/security', items: [] }, panelEntry[0]!)).toEqual({ label: 'Security', to: '/security' })
  })

  it('drops a kept name whose value is of the wrong type for the new alternative, and starts other types afresh', () => {
    const alternatives: JsonSchema[] = [
      { type: 'object', properties: { size: { type: 'string' } } },
      { type: 'object', required: ['size'], properties: { size: { type: 'integer', minimum: 1 } } },
    ]
    expect(switchedValue({ size: 'large' }, alternatives[1]!)).toEqual({ size: 1 })
    expect(switchedValue('12', { type: 'number' })).toBe(0)
    expect(switchedValue(12, { type: 'number' })).toBe(12)
  })
})
