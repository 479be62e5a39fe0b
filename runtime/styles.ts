// Mantine's CSS per component, never the whole styles.css: base layers here, each component's
// own file next to the code that uses it.
// default-css-variables: the theme tokens (--mantine-scale, spacing, radii) every component's
// CSS reads; MantineProvider only emits the values our theme changes.
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/UnstyledButton.css'
// The header's phone-menu burger: the header is prerendered in every page and its code is never in the browser's bundle, so its styles are listed here.
import '@mantine/core/styles/Burger.css'
import './global.css'
