/** A folder of the library as the author sees it: 'partners' → "images/partners/", '' → "images/". */
export const folderLabel = (folder: string) => `images/${folder ? `${folder}/` : ''}`

/** The folder of a picture's path: '/images/partners/x.svg' → 'partners'. */
export const folderOf = (src: string) =>
  src
    .replace(/^\/images\/?/, '')
    .split('/')
    .slice(0, -1)
    .join('/')
