import { MantineProvider } from '@mantine/core'
import { RouterProvider } from '@tanstack/react-router'
import type { SiteRouter } from './router'
import { cssVariablesResolver, theme } from './theme'

export function App({ router }: { router: SiteRouter }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>
  )
}
