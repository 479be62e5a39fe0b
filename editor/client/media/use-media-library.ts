import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { pictureKindAt, type PictureKind } from '../../server/media/picture-kinds'
import type { JsonPath } from '../state/json-path'
import { deletePicture, loadLibrary, uploadPicture, type Library } from './media-requests'
import type { PictureFieldSupport } from './picture-field-support'
import { backdropAt } from './section-backdrop'

interface LibraryEditor {
  config: SiteConfig
  /** Replaces the pictures the image fields list (the document's `images`). */
  setImages(images: string[]): void
}

/** Tries at loading the library when the editor opens (1 s, 2 s, 4 s apart) before it says it cannot. */
const LOAD_ATTEMPTS = 4

/**
 * The media library for the editor page: the pictures with their sizes, loaded when the editor
 * opens and again after each upload or delete, which also refresh the list every image field
 * picks from, so a new file can be picked at once.
 */
export function useMediaLibrary({ config, setImages }: LibraryEditor) {
  const [library, setLibrary] = useState<Library>({ folders: [], images: [] })
  const show = useCallback(
    (next: Library) => {
      setLibrary(next)
      setImages(next.images.map((image) => image.src))
    },
    [setImages],
  )
  const refresh = useCallback(async () => show(await loadLibrary()), [show])
  // A first load that fails (the server busy or briefly away) is tried again, a few times, so the
  // fields' Upload menu does not stay without folders for the rest of the visit.
  const [unavailable, setUnavailable] = useState(false)
  useEffect(() => {
    let current = true
    const load = async (attempt: number): Promise<void> => {
      try {
        const loaded = await loadLibrary()
        if (!current) return
        setUnavailable(false)
        show(loaded)
      } catch {
        if (!current) return
        if (attempt >= LOAD_ATTEMPTS) return setUnavailable(true)
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt))
        return load(attempt + 1)
      }
    }
    void load(1)
    return () => {
      current = false
    }
  }, [show])

  const upload = useCallback(
    async (file: File, folder: string, kind: PictureKind) => {
      const answer = await uploadPicture(file, folder, kind)
      if (answer.ok) await refresh()
      return answer
    },
    [refresh],
  )
  const remove = useCallback(
    async (src: string) => {
      const answer = await deletePicture(src, config)
      if (answer.ok) await refresh()
      return answer
    },
    [config, refresh],
  )

  // The fields read the config when a picture is picked, not when they render: handed the config
  // itself, this object would change on every keystroke and re-render every field of the form.
  const latestConfig = useRef(config)
  const configListeners = useRef(new Set<() => void>())
  useEffect(() => {
    latestConfig.current = config
    for (const listener of configListeners.current) listener()
  }, [config])
  const fields = useMemo<PictureFieldSupport>(() => {
    const sizes = new Map(library.images.map((image) => [image.src, image.size]))
    return {
      folders: library.folders,
      unavailable,
      sizeOf: (src) => sizes.get(src),
      kindAt: (path: JsonPath) => pictureKindAt(latestConfig.current, path),
      upload,
      backdropAt: (path) => backdropAt(latestConfig.current, path),
      onConfigChange(listener) {
        configListeners.current.add(listener)
        return () => configListeners.current.delete(listener)
      },
    }
  }, [library, unavailable, upload])

  return { library, upload, remove, fields }
}
