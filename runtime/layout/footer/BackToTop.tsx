import { IconArrowUp } from '@tabler/icons-react'
import { useEnhancer } from '../../../kit/enhancer'
import enhanceBackToTop from './back-to-top.enhance'
import classes from './Footer.module.css'

/** The footer's one button; its behaviour is plain script (back-to-top.enhance.ts): the rest of the footer only shows. */
export function BackToTop({ label }: { label: string }) {
  const ref = useEnhancer<HTMLButtonElement>(enhanceBackToTop)
  return (
    <button ref={ref} type="button" className={classes.backToTop}>
      <IconArrowUp size={16} aria-hidden />
      {` ${label}`}
    </button>
  )
}
