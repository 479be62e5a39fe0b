import '@mantine/core/styles.css'
import { MantineProvider } from '@mantine/core'
import { createRoot } from 'react-dom/client'
import { EditorApp } from './EditorApp'

// The editor is a dev-server page, not part of the site: the whole Mantine stylesheet is fine here.
createRoot(document.getElementById('root')!).render(
  <MantineProvider defaultColorScheme="light">
    <EditorApp />
  </MantineProvider>,
)
