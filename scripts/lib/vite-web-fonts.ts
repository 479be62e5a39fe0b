import fs from 'node:fs'
import mime from 'mime-types'
import type { Plugin } from 'vite'
import { fontHeadTags, siteFonts } from '../../content/web-fonts.ts'
import { chosenSite } from './site-folder.ts'
import { readDevConfig, siteEntryScript } from './vite-site-config.ts'

/**
 * The theme's web fonts on `npm run dev`, as a built page has them (content/web-fonts.ts): the
 * preloads and @font-face rules in the page's head, and each file at its content-hashed address,
 * from the font package or the site's public/. Read from the config on every page load, so a font
 * named a moment ago is there on the next reload.
 */
export function siteWebFonts(site: { configFile: string; publicDir: string } = chosenSite()): Plugin {
  const fonts = () => siteFonts(readDevConfig(site.configFile).site, site.publicDir)
  return {
    name: 'site-web-fonts',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const address = request.url?.split('?')[0]
        const face = address?.startsWith('/assets/fonts/') ? fonts().faces.find((candidate) => candidate.url === address) : undefined
        if (!face) return next()
        response.setHeader('Content-Type', mime.lookup(face.source) || 'application/octet-stream')
        fs.createReadStream(face.source).pipe(response)
      })
    },
    transformIndexHtml: {
      // The site's pages only (the editor's are served by the same dev server), their head as the build writes it.
      handler: (html) => (html.includes(siteEntryScript) ? html.replace('</head>', `    ${fontHeadTags(fonts())}\n  </head>`) : html),
    },
  }
}
