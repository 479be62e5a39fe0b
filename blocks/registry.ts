import type { ComponentType } from 'react'
import type { Block } from '../runtime/generated/site-config'

type BlockOfType<T extends Block['type']> = Extract<Block, { type: T }>
type BlockLoader<T extends Block['type']> = () => Promise<{ default: ComponentType<BlockOfType<T>> }>
export type BlockRegistry = { [T in Block['type']]: BlockLoader<T> }

/**
 * Block type → its component, loaded on demand so a page downloads only the blocks it uses.
 * One line per block type; the type check fails when a schema has no component here.
 */
export const registry: BlockRegistry = {
  pageHero: () => import('./pageHero/PageHero'),
  placeholder: () => import('./placeholder/Placeholder'),
}
