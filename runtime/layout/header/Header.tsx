import { useWindowScroll } from '@mantine/hooks'
import { Link } from '@tanstack/react-router'
import type { CSSProperties } from 'react'
import { config } from '../../../kit/config'
import { fillTemplate } from '../../../site/text-template'
import { DesktopNav } from './DesktopNav'
import classes from './Header.module.css'
import { MobileNav } from './MobileNav'
import { headerFade } from './nav-state'
import type { NavItem } from './nav-types'

interface Props {
  siteName: string
  items: NavItem[]
  /** Transparent at the top of the page, turning solid over the first 300 px of scroll. */
  transparent: boolean
}

export function Header({ siteName, items, transparent }: Props) {
  const [scroll] = useWindowScroll()
  const { progress, blur } = transparent ? headerFade(scroll.y) : { progress: 1, blur: 8 }
  const style = { '--header-progress': progress, '--header-blur': `${blur}px` } as CSSProperties

  return (
    <header className={classes.header} style={style} data-transparent={transparent || undefined}>
      <div className={classes.inner}>
        <Link to="/" className={classes.brand} aria-label={fillTemplate(config.texts.header.homeLink, { siteName })}>
          <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
            <path d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7L16 2Z" fill="#22d3ee" />
            <path d="m11 16 3.5 3.5L21.5 12" stroke="#0b1f4d" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{siteName}</span>
        </Link>
        <DesktopNav items={items} />
        <MobileNav items={items} siteName={siteName} />
      </div>
    </header>
  )
}
