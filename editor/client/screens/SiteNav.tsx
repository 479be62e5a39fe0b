import { Badge, NavLink, Text } from '@mantine/core'
import type { Role } from '../../../site/editor-roles'
import type { EditorMode } from '../api/editor-api'
import { screensFor } from './site-screens'

interface SiteNavProps {
  /** The screen open, or null while a page is. */
  selected: string | null
  onSelect(id: string): void
  /** Which screens there are: the Versions screen only where Save publishes. */
  mode: EditorMode
  /** The account's role: the screens only some roles may open (the audit trail) are shown to those. */
  role?: Role | undefined
  /** In a site of several languages, how many texts each screen (by id) still lacks a translation of; none for the others. */
  missingTranslations?: ReadonlyMap<string, number>
}

/** A screen's count of texts lacking a translation, named for a screen reader as well. */
function missingTranslationsBadge(count: number | undefined) {
  if (!count) return undefined
  return (
    <Badge size="xs" color="orange" title={`${count} missing translations`} aria-label={`${count} missing translations`}>
      {count}
    </Badge>
  )
}

/** The "Site" group of the left nav: one entry per site screen (site-screens.ts), in its order. */
export function SiteNav({ selected, onSelect, mode, role, missingTranslations }: SiteNavProps) {
  return (
    <nav aria-labelledby="site-nav-heading">
      <Text component="h2" id="site-nav-heading" size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        Site
      </Text>
      {screensFor(mode, role).map((screen) => (
        <NavLink
          key={screen.id}
          component="button"
          label={screen.label}
          leftSection={<screen.icon size={16} aria-hidden />}
          rightSection={missingTranslationsBadge(missingTranslations?.get(screen.id))}
          active={screen.id === selected}
          // Filled: the light variant's blue text on its pale blue reads below 4.5:1.
          variant="filled"
          aria-current={screen.id === selected ? 'page' : undefined}
          onClick={() => onSelect(screen.id)}
        />
      ))}
    </nav>
  )
}
