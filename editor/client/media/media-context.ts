import { createContext, useContext } from 'react'
import type { useMediaLibrary } from './use-media-library'

/** The editor's media library (the pictures, upload and delete) and the config file's name, for the Pictures screen. */
type MediaEnvironment = ReturnType<typeof useMediaLibrary> & { label: string }

export const MediaContext = createContext<MediaEnvironment | null>(null)

export function useMediaEnvironment(): MediaEnvironment {
  const media = useContext(MediaContext)
  if (!media) throw new Error('The Pictures screen needs a MediaContext provider around it.')
  return media
}
