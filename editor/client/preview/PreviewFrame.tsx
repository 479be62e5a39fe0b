import { useEffect, useRef } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { previewReadyMessage, type PreviewMessage } from '../../preview/preview-message'
import { previewUpdate, type SentPreview } from './preview-update'

const post = (frame: HTMLIFrameElement | null, message: PreviewMessage) => frame?.contentWindow?.postMessage(message, window.location.origin)

interface PreviewFrameProps {
  config: SiteConfig
  path: string
  block: number | null
}

/**
 * The page as the site renders it, in a frame beside the form (/_editor/preview runs the site's
 * runtime), sent each change of the unsaved config as it happens: a keystroke sends the one block
 * it changed, which the frame re-renders alone.
 */
export function PreviewFrame({ config, path, block }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const sent = useRef<SentPreview | null>(null)
  const latest = useRef({ config, path, block })

  useEffect(() => {
    latest.current = { config, path, block }
    const update = previewUpdate(sent.current, config, path, block)
    sent.current = update.sent
    post(frame.current, update.message)
  }, [config, path, block])
  useEffect(() => {
    // The frame asks whenever it (re)loads, e.g. after a hot update of its code: it then holds nothing, so all of it goes again.
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== window.location.origin || event.data !== previewReadyMessage) return
      const update = previewUpdate(null, latest.current.config, latest.current.path, latest.current.block)
      sent.current = update.sent
      post(frame.current, update.message)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  return <iframe ref={frame} src="/_editor/preview" title={`Preview of ${path}`} style={{ width: '100%', height: '100%', border: 0, background: '#fff' }} />
}
