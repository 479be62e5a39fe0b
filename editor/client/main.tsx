import '@mantine/core/styles.css'
import './editor.css'
import { createTheme, MantineProvider } from '@mantine/core'
import { createRoot } from 'react-dom/client'
import { EditorApp } from './EditorApp'
import { ScreenBoundary } from './errors/ScreenBoundary'
import { SignInSecurity } from './security/SignInSecurity'

// The editor is a dev-server page, not part of the site: the whole Mantine stylesheet is fine here.
// The darker blue keeps white button labels and light-button texts above 4.5:1 contrast.
const theme = createTheme({ primaryShade: 8 })

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme} defaultColorScheme="light">
    <ScreenBoundary screen="editor" consequence="Your unsaved edits are kept in this browser: reload the page, and the editor offers them back.">
      {/* Its own address, without the site: the one screen an account the policy asks for a second factor may open. */}
      {location.pathname === '/_editor/security' ? <SignInSecurity /> : <EditorApp />}
    </ScreenBoundary>
  </MantineProvider>,
)
