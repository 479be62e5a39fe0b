import { HeadContent, Outlet, Scripts, useRouterState } from '@tanstack/react-router'
import { config } from '../../kit/config'
import { findRoute } from '../../kit/site-links'
import { ChatButton } from './ChatButton'
import { Footer } from './footer/Footer'
import { Header } from './header/Header'
import classes from './Layout.module.css'

/** Header, page, footer and (when the site has a chat) the chat button around every route, the 404 page included. */
export function Layout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const transparent = Boolean(findRoute(pathname)?.layout.transparentHeader)

  return (
    <>
      {/* React hoists these <title>, <meta> and <link> tags into the document's <head>. */}
      <HeadContent />
      <a href="#main" className={classes.skipLink}>
        {config.texts.header.skipToContent}
      </a>
      <Header siteName={config.site.name} logo={config.site.logo} logoShowsName={config.site.logoShowsName} items={config.navigation.items} transparent={transparent} />
      <main id="main" className={classes.main} data-top-padding={!transparent || undefined}>
        <Outlet />
      </main>
      <Footer site={config.site} footer={config.footer} texts={config.texts.footer} />
      {config.site.chat && <ChatButton chat={config.site.chat} />}
      {/* The prerender's router state (the page's matches and blocks), as inline scripts that run
          and remove themselves before hydration. In the browser <Scripts /> would render nothing
          here (no route declares scripts), so it is left out of the client bundle. */}
      {import.meta.env.SSR && <Scripts />}
    </>
  )
}
