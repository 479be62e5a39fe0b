import { MantineProvider } from '@mantine/core'
import type { ReactNode } from 'react'
import { cssVariablesResolver, theme } from './theme'

/**
 * The providers around the router, the same in the prerender and in the browser: the router
 * itself is the child (`<RouterServer>` in runtime/entry-server.tsx, `<RouterClient>` or, without
 * prerendered HTML, `<RouterProvider>` in runtime/entry-client.tsx).
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  )
}
