import { Badge, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { menuPlaces } from './menu-entries'

interface PageListProps {
  config: SiteConfig
  selected: string | null
  onSelect(path: string): void
}

/** Every page (path, title, menu) with a search box over all three. */
export function PageList({ config, selected, onSelect }: PageListProps) {
  const [search, setSearch] = useState('')
  const places = menuPlaces(config.navigation)
  const wanted = search.trim().toLowerCase()
  const pages = config.routes
    .map((route) => ({ path: route.path, title: route.title, menu: places.get(route.path) ?? '' }))
    .filter((page) => !wanted || `${page.path} ${page.title} ${page.menu}`.toLowerCase().includes(wanted))
  return (
    <Stack gap="xs">
      <TextInput label="Search pages" placeholder="Path, title or menu" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
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
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}
