import type { CSSProperties } from 'react'
import { config } from '../../../kit/config'
import { useEnhancer } from '../../../kit/enhancer'
import { SiteLink } from '../../../kit/SiteLink'
import type { Image } from '../../../site/generated/site-config'
import { fillTemplate } from '../../../site/text-template'
import { DesktopNav } from './DesktopNav'
import enhanceHeader from './header.enhance'
import classes from './Header.module.css'
import { LanguageSwitcher } from './LanguageSwitcher'
import { MobileNav } from './MobileNav'
import { headerFade } from './nav-state'
import type { NavItem } from './nav-types'

interface Props {
  siteName: string
  /** The site's logo; without it the header shows the name alone. */
  logo?: Image
  /** The logo spells out the name itself: no name beside it. */
  logoShowsName?: boolean
  items: NavItem[]
  /** Transparent at the top of the page, turning solid over the first 300 px of scroll. */
  transparent: boolean
}

/**
 * The site's header, with every menu in its HTML (closed): its behaviour, menus opening and the
 * transparent header turning solid, is plain script (header.enhance.ts), so a built page runs it
 * without React.
 */
export function Header({ siteName, logo, logoShowsName = false, items, transparent }: Props) {
  const ref = useEnhancer<HTMLElement>(enhanceHeader, JSON.stringify([items, transparent]))
  // As at the top of the page; the script follows the scroll from there.
  const { progress, blur } = transparent ? headerFade(0) : { progress: 1, blur: 8 }
  const style = { '--header-progress': progress, '--header-blur': `${blur}px` } as CSSProperties

  return (
    <header ref={ref} className={classes.header} style={style} data-transparent={transparent || undefined}>
      <div className={classes.inner}>
        {/* The home of this page's language: "/" is written as the default language's home and resolved like every config link. */}
        <SiteLink to="/" className={classes.brand} aria-label={fillTemplate(config.texts.header.homeLink, { siteName })}>
          {/* Beside the name the picture says nothing more, and a screen reader would read the name twice: no alt then. */}
          {logo && <img src={logo.src} alt={logoShowsName ? logo.alt : ''} width={logo.width} height={logo.height} className={classes.logo} />}
          {!(logo && logoShowsName) && <span>{siteName}</span>}
        </SiteLink>
        <DesktopNav items={items} />
        <LanguageSwitcher className={classes.desktopLanguages} />
        <MobileNav items={items} siteName={siteName} />
      </div>
    </header>
  )
}
