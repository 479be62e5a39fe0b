import type { SiteConfig } from '../../../site/generated/site-config'
import { MediaLibrary } from './MediaLibrary'
import { useMediaEnvironment } from './media-context'

/** The media library as a site screen: the pictures are files, not config, so this screen is made by hand. */
export function PicturesScreen({ config }: { config: SiteConfig }) {
  const { library, label, upload, remove } = useMediaEnvironment()
  return <MediaLibrary library={library} config={config} label={label} upload={upload} remove={remove} />
}
