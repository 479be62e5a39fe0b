import type { Block } from '../../../site/generated/site-config'

/** A block type as people read it: "cardGrid" → "Card grid". */
export function blockTypeName(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A block as the outline, its form and the problem list name it: "3. Cta band", numbered from 1. */
export const blockName = (block: Pick<Block, 'type'>, index: number) => `${index + 1}. ${blockTypeName(block.type)}`

/** What tells two blocks of one type apart in a list: their heading or first text. */
export function blockSummary(block: Block): string {
  const fields = block as unknown as Record<string, unknown>
  const text = [fields.heading, fields.title, fields.eyebrow, fields.quote, fields.text].find((value) => typeof value === 'string' && value.trim())
  return (text as string | undefined) ?? ''
}
