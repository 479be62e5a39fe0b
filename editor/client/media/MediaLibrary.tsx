import { Stack, Text, TextInput, Title } from '@mantine/core'
import { useMemo, useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { imageUses } from '../../server/media/image-uses'
import type { PictureKind } from '../../server/media/picture-kinds'
import { blockTypeName } from '../schema/block-names'
import { folderKind } from './folder-kind'
import type { Library, LibraryImage, MediaAnswer } from './media-requests'
import { PictureCard } from './PictureCard'
import { UploadZone } from './UploadZone'

interface MediaLibraryProps {
  library: Library
  /** The unsaved config: its uses are the ones listed. */
  config: SiteConfig
  label: string
  upload(file: File, folder: string, kind: PictureKind): Promise<MediaAnswer<{ image: LibraryImage; notes: string[] }>>
  remove(src: string): Promise<MediaAnswer<{ deleted: string }>>
}

/** The Pictures screen: upload, and every picture under public/images with its size and where the (unsaved) config uses it. */
export function MediaLibrary({ library, config, label, upload, remove }: MediaLibraryProps) {
  const [search, setSearch] = useState('')
  const uses = useMemo(() => imageUses(config, blockTypeName), [config])
  const wanted = search.trim().toLowerCase()
  const shown = library.images.filter((image) => !wanted || image.src.toLowerCase().includes(wanted))
  return (
    <Stack gap="md" component="section" aria-label="Pictures">
      <Title order={2} size="h4">
        Pictures
      </Title>
      <UploadZone folders={library.folders} kindOf={(folder) => folderKind(folder, uses, config)} upload={upload} />
      <TextInput label="Search pictures" placeholder="Name or folder" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
      <Text size="xs" c="dimmed" aria-live="polite">
        {shown.length} of {library.images.length} pictures
      </Text>
      <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))', gap: 'var(--mantine-spacing-sm)', listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((image) => (
          <PictureCard key={image.src} image={image} uses={uses.get(image.src) ?? []} label={label} remove={remove} />
        ))}
      </ul>
    </Stack>
  )
}
