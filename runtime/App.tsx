import { MantineProvider } from '@mantine/core'
import { RouterProvider } from '@tanstack/react-router'
import type { SiteRouter } from './router'
import { theme } from './theme'

export function App({ router }: { router: SiteRouter }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>
  )
}
