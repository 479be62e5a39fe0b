import type { ContentBuildProgress } from './build-content.ts'

/** A build the publishing server sends the content build's long-lived process (content-build-service.ts). */
export interface BuildRequest {
  id: number
  /** The config's text, checked by the server before. */
  configText: string
  outDir: string
  /** The site to build onto (ContentBuildOptions.onto). */
  onto?: string
  pictureDirs: string[]
  /** Where the pictures' encoded sizes are kept between builds (ContentBuildOptions.pictureCacheDir). */
  pictureCacheDir: string
}

/** What the process answers: once that it is ready, then per build its progress and its end. */
export type BuildReply =
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: ContentBuildProgress }
  | { type: 'built'; id: number; pages: number; rendered: number }
  | { type: 'failed'; id: number; message: string; outOfSpace: boolean }
