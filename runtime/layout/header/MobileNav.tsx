import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/Drawer.css'
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Accordion.css'
import { Accordion, Burger, Drawer } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { SiteLink } from '../../SiteLink'
import classes from './Header.module.css'
import { isDropdown, isSubMenu, type Link, type NavItem } from './nav-types'
import { usePathnameChange } from './usePathnameChange'

function LinkList({ links, onNavigate }: { links: Link[]; onNavigate: () => void }) {
  return (
    <ul className={classes.mobileList}>
      {links.map((link) => (
        <li key={link.to}>
          <SiteLink to={link.to} className={classes.mobileLink} onClick={onNavigate}>
            {link.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}

/** Below the large breakpoint: a burger that opens a drawer with one accordion per dropdown. */
export function MobileNav({ items, siteName }: { items: NavItem[]; siteName: string }) {
  const [opened, { toggle, close }] = useDisclosure(false)
  usePathnameChange(close)

  return (
    <div className={classes.mobileNav}>
      <Burger opened={opened} onClick={toggle} color="white" aria-label={opened ? 'Close menu' : 'Open menu'} aria-expanded={opened} />
      <Drawer opened={opened} onClose={close} position="right" size="min(22rem, 90vw)" title={siteName} classNames={{ body: classes.drawerBody }}>
        <nav aria-label="Mobile">
          <Accordion multiple={false} chevronPosition="right">
            {items.map((item) =>
              isDropdown(item) ? (
                <Accordion.Item key={item.label} value={item.label}>
                  <Accordion.Control>{item.label}</Accordion.Control>
                  <Accordion.Panel>
                    {item.items.map((entry) =>
                      isSubMenu(entry) ? (
                        <div key={entry.label}>
                          <SiteLink to={entry.to} className={classes.mobileSubHeading} onClick={close}>
                            {entry.label}
                          </SiteLink>
                          <LinkList links={entry.items} onNavigate={close} />
                        </div>
                      ) : (
                        <LinkList key={entry.to} links={[entry]} onNavigate={close} />
                      ),
                    )}
                  </Accordion.Panel>
                </Accordion.Item>
              ) : (
                <SiteLink key={item.to} to={item.to} className={classes.mobileTopLink} onClick={close}>
                  {item.label}
                </SiteLink>
              ),
            )}
          </Accordion>
        </nav>
      </Drawer>
    </div>
  )
}
