import type { SiteConfig } from '../../../site/generated/site-config'
import { samePath, setIn, type JsonPath } from './json-path'

/** The unsaved config with its undo and redo stacks. */
export interface EditorHistory {
  /** The config as loaded from (or last saved to) the file, and that file text's version. */
  saved: { version: string; config: SiteConfig }
  draft: SiteConfig
  past: SiteConfig[]
  future: SiteConfig[]
  /** The field typed into last and when, so typing one word is one undo step, not one per letter. */
  lastEdit?: { path: JsonPath; at: number }
}

export type HistoryAction =
  | { type: 'loaded'; version: string; config: SiteConfig }
  | { type: 'saved'; version: string }
  | { type: 'set'; path: JsonPath; value: unknown; at: number }
  | { type: 'replace'; config: SiteConfig }
  | { type: 'undo' }
  | { type: 'redo' }

const typingPauseMs = 1000

export function historyReducer(state: EditorHistory, action: HistoryAction): EditorHistory {
  switch (action.type) {
    case 'loaded':
      return { saved: { version: action.version, config: action.config }, draft: action.config, past: [], future: [] }
    case 'saved':
      return { ...state, saved: { version: action.version, config: state.draft }, lastEdit: undefined }
    case 'set': {
      const draft = setIn(state.draft, action.path, action.value)
      const sameField = state.lastEdit && samePath(state.lastEdit.path, action.path) && action.at - state.lastEdit.at < typingPauseMs
      return { ...state, draft, past: sameField ? state.past : [...state.past, state.draft], future: [], lastEdit: { path: action.path, at: action.at } }
    }
    case 'replace':
      return { ...state, draft: action.config, past: [...state.past, state.draft], future: [], lastEdit: undefined }
    case 'undo': {
      const previous = state.past.at(-1)
      if (!previous) return state
      return { ...state, draft: previous, past: state.past.slice(0, -1), future: [state.draft, ...state.future], lastEdit: undefined }
    }
    case 'redo': {
      const [next, ...future] = state.future
      if (!next) return state
      return { ...state, draft: next, past: [...state.past, state.draft], future, lastEdit: undefined }
    }
  }
}
