import { IconArrowUp } from '@tabler/icons-react'
import classes from './Footer.module.css'

/** The footer's one handler, hydrated on its own (runtime/islands/shell-islands.ts): the rest of the footer only shows. */
export default function BackToTopIsland({ label }: { label: string }) {
  return (
    <button type="button" className={classes.backToTop} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <IconArrowUp size={16} aria-hidden />
      {` ${label}`}
    </button>
  )
}
