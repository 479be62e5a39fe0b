import { Burger } from '@mantine/core'
import { IconChevronDown, IconX } from '@tabler/icons-react'
import { config } from '../../../kit/config'
import { SiteLink } from '../../../kit/SiteLink'
import classes from './Header.module.css'
import { LanguageSwitcher } from './LanguageSwitcher'
import { isDropdown, isSubMenu, type Link, type NavItem } from './nav-types'

function LinkList({ links }: { links: Link[] }) {
  return (
    <ul className={classes.mobileList}>
      {links.map((link) => (
        <li key={link.to}>
          <SiteLink to={link.to} className={classes.mobileLink}>
            {link.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}

/**
 * Below the large breakpoint: a burger that opens the menu as a modal dialog from the right, one
 * section per dropdown, opened one at a time (header.enhance.ts). The browser's own modal dialog
 * keeps focus inside, closes on Escape and returns focus to the burger.
 */
export function MobileNav({ items, siteName }: { items: NavItem[]; siteName: string }) {
  const { menu } = config.texts
  return (
    <div className={classes.mobileNav}>
      <Burger
        color="white"
        aria-label={menu.open}
        aria-expanded={false}
        aria-controls="mobile-menu"
        data-mobile-menu-button
        data-label-open={menu.open}
        data-label-close={menu.close}
      />
      <dialog id="mobile-menu" className={classes.drawer} aria-labelledby="mobile-menu-title" data-mobile-menu>
        <div className={classes.drawerInner}>
          <div className={classes.drawerTop}>
            <h2 id="mobile-menu-title" className={classes.drawerTitle}>
              {siteName}
            </h2>
            <button type="button" className={classes.drawerClose} aria-label={menu.close} data-close-menu>
              <IconX size={20} aria-hidden />
            </button>
          </div>
          <nav aria-label={menu.mobile}>
            {items.map((item, index) =>
              isDropdown(item) ? (
                <div key={item.label} className={classes.section}>
                  <button type="button" className={classes.sectionButton} aria-expanded={false} aria-controls={`mobile-menu-${index}`} data-section-button>
                    {item.label}
                    <IconChevronDown size={16} aria-hidden className={classes.chevron} />
                  </button>
                  <div id={`mobile-menu-${index}`} className={classes.sectionPanel} hidden>
                    {item.items.map((entry) =>
                      isSubMenu(entry) ? (
                        <div key={entry.label}>
                          <SiteLink to={entry.to} className={classes.mobileSubHeading}>
                            {entry.label}
                          </SiteLink>
                          <LinkList links={entry.items} />
                        </div>
                      ) : (
                        <LinkList key={entry.to} links={[entry]} />
                      ),
                    )}
                  </div>
                </div>
              ) : (
                <SiteLink key={item.to} to={item.to} className={classes.mobileTopLink}>
                  {item.label}
                </SiteLink>
              ),
            )}
          </nav>
          <LanguageSwitcher className={classes.mobileLanguages} />
        </div>
      </dialog>
    </div>
  )
}
