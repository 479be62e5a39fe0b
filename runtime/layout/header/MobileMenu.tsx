import '@mantine/core/styles/Drawer.css'
import '@mantine/core/styles/ModalBase.css'
// The drawer's panel is a Paper: without its styles the panel has no background and the menu floats over the page.
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Accordion.css'
import { Accordion, Drawer } from '@mantine/core'
import { config } from '../../../kit/config'
import { SiteLink } from '../../../kit/SiteLink'
import { NavLinkItem } from './NavLinkItem'
import classes from './Header.module.css'
import { LanguageSwitcher } from './LanguageSwitcher'
import { isDropdown, isSubMenu, type Link, type NavItem } from './nav-types'

function LinkList({ links, onNavigate }: { links: Link[]; onNavigate: () => void }) {
  return (
    <ul className={classes.mobileList}>
      {links.map((link) => (
        <NavLinkItem key={link.to} to={link.to} label={link.label} className={classes.mobileLink} onNavigate={onNavigate} />
      ))}
    </ul>
  )
}

interface Props {
  items: NavItem[]
  siteName: string
  opened: boolean
  onClose: () => void
}

/** The drawer of the mobile menu: one accordion section per dropdown. Loaded on first open. */
export default function MobileMenu({ items, siteName, opened, onClose }: Props) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(22rem, 90vw)"
      title={siteName}
      classNames={{ body: classes.drawerBody }}
      // Mantine's close button is an icon alone: screen readers need its name said.
      closeButtonProps={{ 'aria-label': config.texts.menu.close }}
    >
      <nav aria-label={config.texts.menu.mobile}>
        <Accordion chevronPosition="right" classNames={{ label: classes.accordionLabel }}>
          {items.map((item) =>
            isDropdown(item) ? (
              <Accordion.Item key={item.label} value={item.label}>
                <Accordion.Control>{item.label}</Accordion.Control>
                <Accordion.Panel>
                  {item.items.map((entry) =>
                    isSubMenu(entry) ? (
                      <div key={entry.label}>
                        <SiteLink to={entry.to} className={classes.mobileSubHeading} onClick={onClose}>
                          {entry.label}
                        </SiteLink>
                        <LinkList links={entry.items} onNavigate={onClose} />
                      </div>
                    ) : (
                      <LinkList key={entry.to} links={[entry]} onNavigate={onClose} />
                    ),
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ) : (
              <SiteLink key={item.to} to={item.to} className={classes.mobileTopLink} onClick={onClose}>
                {item.label}
              </SiteLink>
            ),
          )}
        </Accordion>
      </nav>
      <LanguageSwitcher className={classes.mobileLanguages} />
    </Drawer>
  )
}
