import type { Icon, IconProps } from '@tabler/icons-react'
import { createElement } from 'react'
import type { IconName } from '../site/generated/site-config'

const shellIcons = new Map<IconName, Icon>()

/**
 * Loads the icons of the site's own settings (its social networks', its chat's: site/brand-defaults.ts
 * shellIconNames) before the shell renders, from the icons' own chunks, which a built page preloads
 * from its first frame. The shell then draws them at once, and the start-up code carries neither
 * one site's icons nor, on a page without block icons, more than the loaders of the icon set.
 */
export async function loadShellIcons(names: IconName[]): Promise<void> {
  const icons = await import('./lazy-icons')
  await icons.preloadIcons(names)
  for (const name of names) shellIcons.set(name, icons.loadedIcon(name)!)
}

/** An icon of the site's own settings, drawn at once (loadShellIcons first). */
export function ShellIcon({ name, ...props }: IconProps & { name: IconName }) {
  const icon = shellIcons.get(name)
  return icon ? createElement(icon, props) : null
}
