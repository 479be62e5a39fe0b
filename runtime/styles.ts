// Mantine's CSS per component, never the whole styles.css: base layers here, each component's
// own file next to the code that uses it.
// default-css-variables: the theme tokens (--mantine-scale, spacing, radii) every component's
// CSS reads; MantineProvider only emits the values our theme changes.
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
import './global.css'
