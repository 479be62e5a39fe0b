import { MantineProvider, type MantineThemeOverride } from '@mantine/core'
import type { ReactNode } from 'react'
import { cssVariablesResolver, providedTheme } from './theme'

/**
 * The providers around the router, the same in the prerender and in the browser: the router
 * itself is the child (`<RouterServer>` in runtime/entry-server.tsx, `<RouterClient>` or, without
 * prerendered HTML, `<RouterProvider>` in runtime/entry-client.tsx). The editor's preview hands in the theme of the
 * config being edited, so a new colour shows as it is picked; the site's pages use the one of the config handed in (kit/config.ts).
 */
export function App({ children, theme }: { children: ReactNode; theme?: MantineThemeOverride }) {
  return (
    <MantineProvider theme={theme ?? providedTheme()} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  )
}
