import { config } from '../../../kit/config'
import { Header } from './Header'

/**
 * The header as an island: its name, logo and menus come from the site's shared data (kit/config.ts),
 * so a page writes into its HTML only what is its own, whether its header starts transparent.
 */
export default function HeaderIsland({ transparent }: { transparent: boolean }) {
  return <Header siteName={config.site.name} logo={config.site.logo} logoShowsName={config.site.logoShowsName} items={config.navigation.items} transparent={transparent} />
}
