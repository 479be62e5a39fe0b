import { useDocumentTitle } from '@mantine/hooks'
import { useEffect } from 'react'
import { config, type RouteSummary } from '../config'
import { notFoundHead, pageHead } from '../head'

/**
 * Keeps <title>, description and canonical link in step on client navigation; the prerender
 * writes the same values into the static HTML.
 */
export function usePageHead(route: RouteSummary | null) {
  const head = route ? pageHead(config.site, route) : notFoundHead(config.site)
  useDocumentTitle(head.title)
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description)
    document.querySelector('link[rel="canonical"]')?.setAttribute('href', head.canonical)
  }, [head.description, head.canonical])
}
