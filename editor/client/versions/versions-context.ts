import { createContext, useContext } from 'react'

/** What the Versions screen needs of the editor: to load the document again once a rollback made a new version current. */
interface VersionsEnvironment {
  reload(): Promise<void>
  /** The draft has edits not yet published (a rollback leaves them behind). */
  dirty: boolean
}

export const VersionsContext = createContext<VersionsEnvironment | null>(null)

export function useVersionsEnvironment(): VersionsEnvironment {
  const environment = useContext(VersionsContext)
  if (!environment) throw new Error('The Versions screen needs a VersionsContext provider around it.')
  return environment
}
