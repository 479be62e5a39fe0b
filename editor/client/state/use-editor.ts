import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import type { Block, SiteConfig } from '../../../site/generated/site-config'
import { addPage, checkDraft, loadDocument, saveDraft, type EditorProblem, type LoadedDocument, type NewPageFields } from '../api'
import type { NewPageRefusal } from '../pages/NewPageForm'
import { historyReducer, type EditorHistory, type HistoryAction } from './editor-history'
import { pathKey, type JsonPath } from './json-path'

const checkDelayMs = 150

export type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'refused' | 'conflict' | 'failed'; message?: string }

/**
 * Everything the editor page holds: the file as loaded, the unsaved config with undo and redo,
 * the checker's problems with it (asked again after each change), and saving.
 */
export function useEditor() {
  const [history, dispatch] = useReducer((state: EditorHistory | null, action: HistoryAction) => (state || action.type === 'loaded' ? historyReducer(state!, action) : state), null)
  const [label, setLabel] = useState('site.config.json')
  const [images, setImages] = useState<string[]>([])
  const [partners, setPartners] = useState<string[]>([])
  const [problems, setProblems] = useState<EditorProblem[]>([])
  /** The draft and version the checker last answered about: while they are not the current ones, a check is under way. */
  const [checked, setChecked] = useState<{ draft: SiteConfig; version: string }>()
  const [save, setSave] = useState<SaveState>({ kind: 'idle' })
  const checkRun = useRef(0)

  const showLoaded = useCallback((loaded: LoadedDocument) => {
    setLabel(loaded.label)
    setImages(loaded.images)
    setPartners(loaded.partners)
    dispatch({ type: 'loaded', version: loaded.version, config: loaded.config })
    setSave({ kind: 'idle' })
  }, [])
  const reload = useCallback(async () => showLoaded(await loadDocument()), [showLoaded])
  useEffect(() => {
    void loadDocument().then(showLoaded)
  }, [showLoaded])

  const draft = history?.draft
  const version = history?.saved.version
  useEffect(() => {
    if (!draft || !version) return
    const run = ++checkRun.current
    const timer = setTimeout(async () => {
      const answer = await checkDraft(version, draft)
      if (run !== checkRun.current) return
      setChecked({ draft, version })
      if (answer.body.conflict) setSave({ kind: 'conflict', message: answer.body.message })
      // The same problems as before stay the same array: new ones would re-render every field of the form.
      else setProblems((current) => (JSON.stringify(current) === JSON.stringify(answer.body.problems) ? current : answer.body.problems))
    }, checkDelayMs)
    return () => clearTimeout(timer)
  }, [draft, version])
  const checking = Boolean(draft && version) && (checked?.draft !== draft || checked?.version !== version)

  const problemsByPath = useMemo(() => {
    const byPath = new Map<string, EditorProblem[]>()
    for (const problem of problems) byPath.set(pathKey(problem.path), [...(byPath.get(pathKey(problem.path)) ?? []), problem])
    return byPath
  }, [problems])

  const change = useCallback((path: JsonPath, value: unknown) => dispatch({ type: 'set', path, value, at: Date.now() }), [])

  async function saveNow() {
    if (!history) return
    setSave({ kind: 'saving' })
    const answer = await saveDraft(history.saved.version, history.draft)
    if (answer.status === 200) {
      dispatch({ type: 'saved', version: answer.body.version })
      setSave({ kind: 'saved', message: `Saved ${label}.` })
    } else if (answer.status === 409) {
      setSave({ kind: 'conflict', message: answer.body.message })
    } else if (answer.status === 422) {
      setProblems(answer.body.problems)
      setSave({ kind: 'refused', message: answer.body.message })
    } else {
      setSave({ kind: 'failed', message: `Saving failed (${answer.status}); the edits are still here. See the dev server's terminal for details.` })
    }
  }

  async function createPage(fields: NewPageFields): Promise<NewPageRefusal | null> {
    if (!history) return null
    const answer = await addPage(history.saved.version, history.draft, fields)
    const body = answer.body
    if ('config' in body) {
      dispatch({ type: 'replace', config: body.config })
      return null
    }
    if ('conflict' in body) return { field: 'form', message: body.message }
    return body
  }

  const setBlocks = (routeIndex: number, blocks: Block[]) => change(['routes', routeIndex, 'blocks'], blocks)

  return {
    loaded: history !== null,
    config: draft as SiteConfig,
    dirty: history !== null && history.draft !== history.saved.config,
    canUndo: (history?.past.length ?? 0) > 0,
    canRedo: (history?.future.length ?? 0) > 0,
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    label,
    images,
    partners,
    problems,
    problemsByPath,
    checking,
    save,
    change,
    setBlocks,
    saveNow,
    reload,
    createPage,
  }
}

export type Editor = ReturnType<typeof useEditor>
