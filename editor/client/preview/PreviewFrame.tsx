import { useEffect, useRef } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { previewReadyMessage, type PreviewMessage } from '../../preview/preview-message'

interface PreviewFrameProps {
  config: SiteConfig
  path: string
  block: number | null
}

/**
 * The page as the site renders it, in a frame beside the form (/_editor/preview runs the site's
 * runtime), sent the unsaved config on every change. postMessage is synchronous to queue and the
 * frame re-renders only the page, so a change shows well within half a second.
 */
export function PreviewFrame({ config, path, block }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const latest = useRef<PreviewMessage>(null)
  latest.current = { type: 'editor-preview', config, path, block }

  const send = () => frame.current?.contentWindow?.postMessage(latest.current, window.location.origin)
  useEffect(send, [config, path, block])
  useEffect(() => {
    // The frame asks for the config whenever it (re)loads, e.g. after a hot update of its code.
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && event.data === previewReadyMessage) send()
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  return <iframe ref={frame} src="/_editor/preview" title={`Preview of ${path}`} style={{ width: '100%', height: '100%', border: 0, background: '#fff' }} />
}
