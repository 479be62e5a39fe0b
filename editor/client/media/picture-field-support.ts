import type { PictureKind, Size } from '../../server/media/picture-kinds'
import type { JsonPath } from '../state/json-path'
import type { LibraryImage, MediaAnswer } from './media-requests'

/** What an image field uses of the media library: the folders to upload to, the pictures' sizes, and uploading. */
export interface PictureFieldSupport {
  folders: string[]
  /** The library could not be loaded (after a few tries): there are no folders to upload into. */
  unavailable?: boolean
  /** A listed picture's own size in pixels, when the library could read it. */
  sizeOf(src: string): Size | undefined
  /** How the site shows the picture at this place of the config (picture-kinds.ts). */
  kindAt(path: JsonPath): PictureKind
  upload(file: File, folder: string, kind: PictureKind): Promise<MediaAnswer<{ image: LibraryImage; notes: string[] }>>
  /** What a picture at this place of the config is shown on (section-backdrop.ts): a logo for a tinted strip, on that tint. */
  backdropAt(path: JsonPath): string
  /** Calls `listener` after each change of the unsaved config (a block's background may have changed); returns how to stop. */
  onConfigChange(listener: () => void): () => void
}
