import { HeadContent, Outlet, useRouterState } from '@tanstack/react-router'
import { config } from '../../kit/config'
import { PagePath } from '../../kit/page-path'
import { findRoute } from '../../kit/site-links'
import { Island } from '../../kit/islands/Island'
import { shellParts } from '../islands/shell-parts'
import { ChatButton } from './ChatButton'
import { Footer } from './footer/Footer'
import { Header } from './header/Header'
import classes from './Layout.module.css'

/**
 * Header, page, footer and (when the site has a chat) the chat button around every route, the 404
 * page included. A built page brings the header to life with plain script (runtime/islands/); the router is there
 * for the prerender, `npm run dev` and the editor's preview.
 */
export function Layout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const transparent = Boolean(findRoute(pathname)?.layout.transparentHeader)

  return (
    <PagePath value={pathname}>
      {/* React hoists these <title>, <meta> and <link> tags into the document's <head>. */}
      <HeadContent />
      <a href="#main" className={classes.skipLink}>
        {config.texts.header.skipToContent}
      </a>
      <Island
        name="header"
        hydration={shellParts.header.interactive}
        component={Header}
        props={{ siteName: config.site.name, logo: config.site.logo, logoShowsName: config.site.logoShowsName, items: config.navigation.items, transparent }}
        enhanced
      />
      <main id="main" className={classes.main} data-top-padding={!transparent || undefined}>
        <Outlet />
      </main>
      <Footer site={config.site} footer={config.footer} texts={config.texts.footer} />
      {config.site.chat && <ChatButton chat={config.site.chat} />}
    </PagePath>
  )
}
