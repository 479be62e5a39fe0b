import { useEffect, useRef } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { previewReadyMessage, type PreviewMessage } from '../../preview/preview-message'

const post = (frame: HTMLIFrameElement | null, message: PreviewMessage | null) => frame?.contentWindow?.postMessage(message, window.location.origin)

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
  // The last message sent, sent again when the frame asks for it.
  const latest = useRef<PreviewMessage>(null)

  useEffect(() => {
    latest.current = { type: 'editor-preview', config, path, block }
    post(frame.current, latest.current)
  }, [config, path, block])
  useEffect(() => {
    // The frame asks for the config whenever it (re)loads, e.g. after a hot update of its code.
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && event.data === previewReadyMessage) post(frame.current, latest.current)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  return <iframe ref={frame} src="/_editor/preview" title={`Preview of ${path}`} style={{ width: '100%', height: '100%', border: 0, background: '#fff' }} />
}
