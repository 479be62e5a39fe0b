// Mantine's CSS per component, never the whole styles.css: base layers here, each component's
// own file next to the code that uses it.
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
import './global.css'
