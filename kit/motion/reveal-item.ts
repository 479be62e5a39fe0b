import type { CSSProperties } from 'react'
import classes from './Reveal.module.css'

/** The cards of a group fade in one after another, 0.1 s apart; capped so the last card of a long grid does not lag behind. */
const REVEAL_ITEM_STEP_S = 0.1
const MAX_STEPS = 6

/** Props for one item of a staggered group inside a `<Reveal stagger>` or `<RevealSection stagger>`. */
export function revealItem(index: number, className?: string): { className: string; style: CSSProperties } {
  const delay = (Math.min(index, MAX_STEPS) + 1) * REVEAL_ITEM_STEP_S
  return {
    className: className ? `${classes.item} ${className}` : classes.item!,
    style: { '--reveal-delay': `${delay.toFixed(1)}s` } as CSSProperties,
  }
}
