import { createContext, useContext } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { JsonPath } from '../state/json-path'

/** What the Versions screen and a page's History need of the editor. */
interface VersionsEnvironment {
  /** Loads the document again, once a rollback or a restore made a new version current. */
  reload(): Promise<void>
  /** The draft has edits not yet published (a rollback or a restore leaves them behind). */
  dirty: boolean
  /** Versions are kept where the editor publishes (a production server); under `npm run dev` there are none. */
  published: boolean
  /**
   * A place in the config in the screens' words (save/problem-place.ts). Handed in rather than
   * imported: it names places through the list of the site's screens, which holds the Versions
   * screen, so an import would make the two modules one cycle.
   */
  placeOf(path: JsonPath, config: SiteConfig): string[]
}

export const VersionsContext = createContext<VersionsEnvironment | null>(null)

export function useVersionsEnvironment(): VersionsEnvironment {
  const environment = useContext(VersionsContext)
  if (!environment) throw new Error('The Versions screen needs a VersionsContext provider around it.')
  return environment
}
