import type { IconProps } from '@tabler/icons-react'
import { createElement } from 'react'
import shellIcons from 'virtual:site-shell-icons'
import type { IconName } from '../site/generated/site-config'

/**
 * An icon of the site's own settings (a social network's, the chat's), drawn at once: the build
 * imports exactly the icons the config names for them (scripts/lib/vite-site-config.ts), so the
 * shell neither waits for an icon's chunk nor carries the loaders of the whole icon set.
 */
export function ShellIcon({ name, ...props }: IconProps & { name: IconName }) {
  const icon = shellIcons[name]
  return icon ? createElement(icon, props) : null
}

// `npm run dev`: a saved config may name other icons; the page re-renders with the new config (kit/config.ts).
if (import.meta.hot) {
  import.meta.hot.accept('virtual:site-shell-icons', (next) => {
    if (next) Object.assign(shellIcons, next.default)
  })
}
