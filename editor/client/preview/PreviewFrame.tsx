import { Select, SegmentedControl, Text } from '@mantine/core'
import { useElementSize, useLocalStorage } from '@mantine/hooks'
import { useEffect, useRef } from 'react'
import { flushSync } from 'react-dom'
import type { SiteConfig } from '../../../site/generated/site-config'
import { languagePrefix, pageIsIn, pathInLanguage } from '../../../site/languages'
import { editorLanguages } from '../languages/editor-languages'
import { isPreviewKey, isPreviewPick, PREVIEW_INPUT_EVENT, previewReadyMessage, type PreviewMessage } from '../../preview/preview-message'
import { keyHandOver } from './key-hand-over'
import { previewUpdate, type SentPreview } from './preview-update'
import { useFocusedField } from './use-focused-field'
import classes from './PreviewFrame.module.css'

const post = (frame: HTMLIFrameElement | null, message: PreviewMessage) => frame?.contentWindow?.postMessage(message, window.location.origin)

/** The widths a visitor's screen has, in CSS pixels: a phone, a tablet upright, a desktop (wide enough for the header's desktop menu). */
const SCREENS = { phone: 390, tablet: 768, desktop: 1280 } as const
type Screen = keyof typeof SCREENS

interface PreviewFrameProps {
  config: SiteConfig
  path: string
  block: number | null
  /** A click in the preview, on a block: its index, and the place in it of the text clicked ([] for none); resolves once its field has the focus, false when there was none. */
  onPick(block: number, field: (string | number)[]): Promise<boolean>
}

/**
 * The page as the site renders it, in a frame beside the form (/_editor/preview runs the site's
 * runtime), sent each change of the unsaved config as it happens: a keystroke sends the one block
 * it changed, which the frame re-renders alone; the field the author is on goes too, so the frame
 * shows it (a carousel's slide, a logo among a strip's). The frame is as wide as the chosen
 * screen, so its menus and columns are those a visitor on that screen sees, and scaled down when
 * the column is narrower. A click in it opens the field clicked, and the keys typed right after
 * follow (key-hand-over.ts). A site of several languages is previewed in the language picked
 * beside the widths, as that language's visitors get it (site/languages.ts).
 */
export function PreviewFrame({ config, path, block, onPick }: PreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const sent = useRef<SentPreview | null>(null)
  const field = useFocusedField(config, path, block)
  const languages = editorLanguages(config.site)
  const codes = languages.map(({ language }) => language)
  const [chosenLanguage, setLanguage] = useLocalStorage<string>({ key: 'editor-preview-language', defaultValue: '' })
  // A language the site no longer has (another site, or one taken out) is shown as the default.
  const shown = codes.includes(chosenLanguage) ? languages.find(({ language }) => language === chosenLanguage)! : languages[0]!
  const language = shown.language === codes[0] ? undefined : shown.language
  const route = config.routes.find((candidate) => candidate.path === path)
  const latest = useRef({ config, path, block, field, onPick, language })
  const [screen, setScreen] = useLocalStorage<Screen>({ key: 'editor-preview-screen', defaultValue: 'desktop' })
  const { ref: room, width: roomWidth, height: roomHeight } = useElementSize()
  const width = SCREENS[screen] ?? SCREENS.desktop
  const scale = roomWidth > 0 ? Math.min(1, roomWidth / width) : 1

  useEffect(() => {
    latest.current = { config, path, block, field, onPick, language }
  })
  useEffect(() => {
    const update = previewUpdate(sent.current, config, path, block, field, language)
    sent.current = update.sent
    post(frame.current, update.message)
  }, [config, path, block, field, language])
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== window.location.origin || event.data !== previewReadyMessage) return
      // The frame asks whenever it (re)loads, e.g. after a hot update of its code: it then holds nothing, so all of it goes again.
      const { config: current, path: shownPath, block: selected, field: focused, language: inLanguage } = latest.current
      const update = previewUpdate(null, current, shownPath, selected, focused, inLanguage)
      sent.current = update.sent
      post(frame.current, update.message)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const handOver = keyHandOver()
    const onInput = (event: Event) => {
      const { detail } = event as CustomEvent<unknown>
      if (isPreviewKey(detail)) handOver.key(detail.key)
      if (!isPreviewPick(detail)) return
      const opened = handOver.picked(detail.caret)
      let focusing = Promise.resolve(false)
      // Rendered at once, as after a click in the editor itself, so that what onPick does next
      // (focusing a field) finds the block's form there, and the next key goes to the field.
      flushSync(() => {
        // A text clicked in another language's page opens that language's box of it (form/TranslatableField.tsx).
        const { language: inLanguage } = latest.current
        focusing = latest.current.onPick(detail.block, inLanguage && detail.field.length > 0 ? [...detail.field, inLanguage] : detail.field)
      })
      void focusing.then((found) => opened(found ? document.activeElement : null))
    }
    element.addEventListener(PREVIEW_INPUT_EVENT, onInput)
    return () => element.removeEventListener(PREVIEW_INPUT_EVENT, onInput)
  }, [])

  return (
    <div className={classes.preview}>
      <div className={classes.widths}>
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={screen}
          onChange={(value) => setScreen(value as Screen)}
          data={[
            { value: 'phone', label: 'Phone' },
            { value: 'tablet', label: 'Tablet' },
            { value: 'desktop', label: 'Desktop' },
          ]}
        />
        <Text size="xs" c="dimmed">
          {width} px{scale < 1 && `, shown at ${Math.round(scale * 100)} %`}
        </Text>
        {languages.length > 1 && (
          <Select
            size="xs"
            w={130}
            aria-label="Preview language"
            allowDeselect={false}
            value={shown.language}
            onChange={(value) => value && setLanguage(value)}
            data={languages.map(({ language: code, name }) => ({ value: code, label: name }))}
          />
        )}
      </div>
      {route && !pageIsIn(route, shown.language, codes) && (
        <Text size="xs" c="orange.9" px="sm" py={4} role="status">
          This page is not in {shown.name} yet: visitors of {shown.name} do not find it. Give its title in {shown.name} to add it.
        </Text>
      )}
      <div ref={room} className={classes.room}>
        <iframe
          ref={frame}
          src="/_editor/preview"
          title={`Preview of ${pathInLanguage(path, languagePrefix(shown.language, codes))}`}
          className={classes.frame}
          data-narrow={width < roomWidth || undefined}
          style={{ width, height: roomHeight / scale, transform: scale < 1 ? `scale(${scale})` : undefined }}
        />
      </div>
    </div>
  )
}
