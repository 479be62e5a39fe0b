import { Badge, Stack, Switch, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { editorLanguages, languageNames } from '../languages/editor-languages'
import { firstText } from '../languages/translation-value'
import { menuPlaces } from './menu-entries'
import { translationGaps } from './translation-gaps'

interface PageListProps {
  config: SiteConfig
  selected: string | null
  onSelect(path: string): void
}

const texts = (count: number) => `${count} ${count === 1 ? 'text' : 'texts'}`

/**
 * Every page (path, title, menu) with a search box over all three. In a site of several
 * languages each page says how many of its texts lack a translation, and in which languages,
 * and a switch keeps only the pages that still lack some.
 */
export function PageList({ config, selected, onSelect }: PageListProps) {
  const [search, setSearch] = useState('')
  const [onlyMissing, setOnlyMissing] = useState(false)
  const places = menuPlaces(config.navigation)
  const languages = editorLanguages(config.site)
  const several = languages.length > 1
  const gaps = several ? translationGaps(config).pages : new Map()
  const wanted = search.trim().toLowerCase()
  const pages = config.routes
    .map((route, index) => ({ path: route.path, title: firstText(route.title), menu: places.get(route.path) ?? '', gaps: gaps.get(index) }))
    .filter((page) => !wanted || `${page.path} ${page.title} ${page.menu}`.toLowerCase().includes(wanted))
    .filter((page) => !(several && onlyMissing) || page.gaps)
  return (
    <Stack gap="xs">
      <TextInput label="Search pages" placeholder="Path, title or menu" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
      {several && <Switch size="sm" label="Missing translations only" checked={onlyMissing} onChange={(event) => setOnlyMissing(event.currentTarget.checked)} />}
      <Text size="xs" c="dimmed" aria-live="polite">
        {pages.length} of {config.routes.length} pages
      </Text>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pages">
        {pages.map((page) => (
          <li key={page.path}>
            <UnstyledButton
              onClick={() => onSelect(page.path)}
              aria-current={page.path === selected ? 'page' : undefined}
              p={6}
              w="100%"
              style={{ borderRadius: 6, background: page.path === selected ? 'var(--mantine-color-blue-0)' : undefined }}
            >
              <Text size="sm" fw={600}>
                {page.title}
              </Text>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {page.path}
              </Text>
              {page.menu && (
                <Badge size="xs" variant="light" mt={2}>
                  {page.menu}
                </Badge>
              )}
              {page.gaps && (
                <Text size="xs" c="orange.9" mt={2} data-missing-translations>
                  {texts(page.gaps.texts.length)} missing in {languageNames(languages, page.gaps.languages)}
                </Text>
              )}
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}
