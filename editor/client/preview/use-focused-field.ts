import { useEffect, useMemo, useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { FieldPath } from '../../preview/preview-message'
import { fieldPathOf } from '../form/field-anchor'
import { pathKey, type JsonPath } from '../state/json-path'
import { editorLanguages } from '../languages/editor-languages'

const NO_FIELD: FieldPath = []

/**
 * The place in the selected block of the field the author is on ([] for none, or for a field
 * elsewhere), for the preview to show it. Followed through the focus: the form's fields say where
 * they are (field-anchor.ts). A click in the preview moves the focus into its frame, which
 * changes nothing here: the field the click opens says so when it takes the focus.
 */
export function useFocusedField(config: SiteConfig, path: string, block: number | null): FieldPath {
  // As a key, so that focusing the same field again is no change.
  const [focused, setFocused] = useState<string>(pathKey([]))
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof HTMLIFrameElement || !(event.target instanceof Element)) return
      setFocused(pathKey(fieldPathOf(event.target) ?? []))
    }
    document.addEventListener('focusin', onFocus)
    return () => document.removeEventListener('focusin', onFocus)
  }, [])
  const routeIndex = config.routes.findIndex((route) => route.path === path)
  // The same array while the site's languages stay the same (editor-languages.ts).
  const languages = editorLanguages(config.site)
  return useMemo(() => {
    const place = JSON.parse(focused) as JsonPath
    const [routes, route, blocks, index] = place
    if (routes !== 'routes' || route !== routeIndex || blocks !== 'blocks' || index !== block) return NO_FIELD
    // A language's box of a text (form/TranslatableField.tsx) is that text to the preview, which shows one language's words of it.
    const last = place.at(-1)
    const inLanguage = languages.length > 1 && languages.some(({ language }) => language === last)
    return inLanguage ? place.slice(4, -1) : place.slice(4)
  }, [focused, routeIndex, block, languages])
}
