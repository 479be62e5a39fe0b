import { MantineProvider } from '@mantine/core'
import type { ReactNode } from 'react'
import { PagePath } from '../../kit/page-path'
import { cssVariablesResolver, providedTheme } from '../theme'

/**
 * What an island's component needs around it, the same in the prerender and in the browser:
 * Mantine's theme, and the path of its page (no router in an island). The page's own provider
 * already wrote Mantine's CSS variables and global classes into the page: an island adds none.
 */
export function IslandRoot({ path, children }: { path: string; children: ReactNode }) {
  return (
    <MantineProvider theme={providedTheme()} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <PagePath value={path}>{children}</PagePath>
    </MantineProvider>
  )
}
