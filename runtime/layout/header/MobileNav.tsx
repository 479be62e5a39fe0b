import '@mantine/core/styles/Burger.css'
import { Burger } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { lazy, Suspense, useState } from 'react'
import { config } from '../../../kit/config'
import classes from './Header.module.css'
import type { NavItem } from './nav-types'
import { usePathnameChange } from './use-pathname-change'

// The drawer (modal, focus trap, scroll lock, accordion) is loaded on the first tap, keeping it
// out of the JavaScript every page hydrates.
const MobileMenu = lazy(() => import('./MobileMenu'))

/** Below the large breakpoint: a burger that opens a drawer with one accordion per dropdown. */
export function MobileNav({ items, siteName }: { items: NavItem[]; siteName: string }) {
  const [opened, { toggle, close }] = useDisclosure(false)
  const [wanted, setWanted] = useState(false)
  usePathnameChange(close)

  return (
    <div className={classes.mobileNav}>
      <Burger
        opened={opened}
        onClick={() => {
          setWanted(true)
          toggle()
        }}
        onPointerEnter={() => setWanted(true)}
        color="white"
        aria-label={opened ? config.texts.menu.close : config.texts.menu.open}
        aria-expanded={opened}
      />
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenu items={items} siteName={siteName} opened={opened} onClose={close} />
        </Suspense>
      )}
    </div>
  )
}
