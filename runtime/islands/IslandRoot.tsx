import { MantineProvider } from '@mantine/core'
import type { ReactNode } from 'react'
import { RevealedByPage } from '../../kit/motion/use-reveal'
import { PagePath } from '../../kit/page-path'
import { cssVariablesResolver, providedTheme } from '../theme'

/**
 * What an island's component needs around it, the same in the prerender and in the browser:
 * Mantine's theme, the path of its page (no router in an island), and the page's script revealing
 * its sections (kit/motion/use-reveal.ts). The page's own provider
 * already wrote Mantine's CSS variables and global classes into the page: an island adds none.
 */
export function IslandRoot({ path, children }: { path: string; children: ReactNode }) {
  return (
    <MantineProvider theme={providedTheme()} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <PagePath value={path}>
        <RevealedByPage value>{children}</RevealedByPage>
      </PagePath>
    </MantineProvider>
  )
}
