/**
 * The files a content build writes beside the pages for the server (and nginx's generator) to read,
 * named once here because the build, the server and the publisher all open them.
 */
export const builtSiteFiles = {
  /** Canonical paths and the spellings that redirect to them. */
  routes: '.site-routes.json',
  /** Per page, what its Content-Security-Policy must allow. */
  security: '.site-security.json',
  /** The config's forms section, for the server's form endpoints. */
  forms: '.site-forms.json',
  /** The site's language and its form and mail texts (site/form-words.ts), for the server's answers and mails. */
  formWords: '.site-form-words.json',
  /**
   * A site in several languages only: each language's path prefix, and for each but the default its
   * forms and words (the default language's are the two files above), for the 404 page and the
   * answers and confirmations of a visitor on that language's pages.
   */
  languages: '.site-languages.json',
  /** The config's text the site was built from: what the editor's first publish starts from. */
  configText: '.site-config.json',
  /** The raster pictures' derived files (site/derived-pictures.ts), which decide whether a later build may keep a page. */
  pictures: '.site-pictures.json',
  /** The day each page's content last changed (content/page-dates.ts): the sitemap's lastmod, carried from version to version. */
  pageDates: '.site-page-dates.json',
  /** Which files the content build wrote (the rest of the folder is the code build's). */
  contentFiles: '.site-content-files.json',
} as const

/** `.site-languages.json`: the default language first, with prefix ''; forms and words with the others only. */
export interface BuiltLanguage {
  language: string
  /** Where its pages are: '' for the default language, '/bn' for the others. */
  prefix: string
  forms?: Record<string, unknown>
  words?: Record<string, unknown>
}

/** What a page needs beyond 'self' (each page's entry in `.site-security.json`): the hashes of its inline scripts and the hosts it frames (the map). */
export interface PagePolicy {
  scriptHashes: string[]
  frameHosts: string[]
}

/** The one picture link previews show when a page names none (og:image, twitter:image), drawn by the content build. */
export const shareImageFile = 'share.png'
export const shareImageSize = { width: 1200, height: 630 }
