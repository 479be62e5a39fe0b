import type { ElementType, HTMLAttributes, ReactNode } from 'react'
import classes from './Reveal.module.css'
import { useReveal } from './use-reveal'

export interface RevealProps extends HTMLAttributes<HTMLElement> {
  /** Element to render; a section by default. */
  as?: ElementType
  /** Fade the children marked with `revealItem(index)` one after another instead of the whole element. */
  stagger?: boolean
  children: ReactNode
}

/** Fades its content in the first time it scrolls into view (see useReveal for when and how). */
export function Reveal({ as: Element = 'section', stagger = false, className, children, ...rest }: RevealProps) {
  const { ref, state } = useReveal<HTMLElement>()
  return (
    <Element ref={ref} className={className ? `${classes.root} ${className}` : classes.root} data-reveal={state} data-reveal-mode={stagger ? 'items' : 'self'} {...rest}>
      {children}
    </Element>
  )
}
