/**
 * The picture formats the site takes: each one's media type (what file-type names and what the
 * file choosers offer) and the extension its stored files get. Pure data, so the editor's page can
 * import it as well as the server.
 */
export const pictureTypes = {
  png: { mime: 'image/png', extension: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  webp: { mime: 'image/webp', extension: 'webp' },
  avif: { mime: 'image/avif', extension: 'avif' },
  svg: { mime: 'image/svg+xml', extension: 'svg' },
} as const

export type PictureFormat = keyof typeof pictureTypes
