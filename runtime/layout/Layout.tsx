import { HeadContent, Outlet, useRouterState } from '@tanstack/react-router'
import { config } from '../../kit/config'
import { PagePath } from '../../kit/page-path'
import { findRoute } from '../../kit/site-links'
import { Island } from '../islands/Island'
import { shellIslands } from '../islands/shell-islands'
import { ChatButton } from './ChatButton'
import { Footer } from './footer/Footer'
import HeaderIsland from './header/HeaderIsland'
import classes from './Layout.module.css'

/**
 * Header, page, footer and (when the site has a chat) the chat button around every route, the 404
 * page included. A built page hydrates the header alone (runtime/islands/); the router is there
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
      <Island name="header" hydration={shellIslands.header.interactive} component={HeaderIsland} props={{ transparent }} />
      <main id="main" className={classes.main} data-top-padding={!transparent || undefined}>
        <Outlet />
      </main>
      <Footer site={config.site} footer={config.footer} texts={config.texts.footer} />
      {config.site.chat && <ChatButton chat={config.site.chat} />}
    </PagePath>
  )
}
