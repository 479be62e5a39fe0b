/**
 * Where the editor shows the library's pictures from. The config names a picture by the address
 * the site will serve it at (/images/partners/acme.png), but a picture uploaded in the live editor
 * is on the site only once a version using it is published: until then that address answers 404.
 * So the editor's own pages (its fields, the Pictures screen, the preview) ask for every picture
 * under /_editor/pictures/, which answers the signed-in editor from the library itself (the
 * uploaded pictures and those of the site's build: what a publish would serve), and never anyone
 * else. No Node here: the editor's pages use this too.
 */

/** The pictures' folder in a site path, and the editor's address for that folder. */
const SITE_PICTURES = '/images/'
export const EDITOR_PICTURES = '/_editor/pictures/'

/** The editor's address of a picture the config names; any other value (none, an outside address) as it is. */
export const editorPictureAddress = (src: string) => (src.startsWith(SITE_PICTURES) ? `${EDITOR_PICTURES}${src.slice(SITE_PICTURES.length)}` : src)

/** The site path of the picture at an editor's address; undefined for an address outside EDITOR_PICTURES. */
export const sitePictureOf = (address: string) => (address.startsWith(EDITOR_PICTURES) ? `${SITE_PICTURES}${address.slice(EDITOR_PICTURES.length)}` : undefined)

/**
 * Every picture a value names (a config, a block), at the editor's address: what the editor's
 * preview renders, so it shows an uploaded picture before it is published. Objects and lists
 * without a picture keep their identity (a block that did not change does not re-render).
 */
export function withEditorPictures<T>(value: T): T {
  if (typeof value === 'string') return editorPictureAddress(value) as T
  if (Array.isArray(value)) {
    const mapped = value.map(withEditorPictures)
    return (mapped.some((item, index) => item !== value[index]) ? mapped : value) as T
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [key, withEditorPictures(item)] as const)
    return (entries.some(([key, item]) => item !== (value as Record<string, unknown>)[key]) ? Object.fromEntries(entries) : value) as T
  }
  return value
}
