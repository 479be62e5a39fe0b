import type { SiteConfig } from '../../../site/generated/site-config'
import type { ImageUse } from '../../server/media/image-uses'
import { pictureKindAt, type PictureKind } from '../../server/media/picture-kinds'
import { folderOf } from './folder-label'

/**
 * How the site shows the pictures of a folder, judged by where the config uses them (partner logos
 * in logo strips: logos; blog pictures in cards: pictures). An upload into the folder is stored at
 * the size that kind needs. A folder nothing of which is used yet takes the larger, a picture.
 */
export function folderKind(folder: string, uses: Map<string, ImageUse[]>, config: SiteConfig): PictureKind {
  let logos = 0
  let pictures = 0
  for (const [src, places] of uses) {
    if (folderOf(src) !== folder) continue
    for (const place of places) {
      if (pictureKindAt(config, place.path) === 'logo') logos++
      else pictures++
    }
  }
  return logos > pictures ? 'logo' : 'picture'
}
