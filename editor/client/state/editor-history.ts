import type { SiteConfig } from '../../../site/generated/site-config'
import { rebaseEdits } from '../../draft-fields'
import { keepIdentities } from './item-identity'
import { samePath, setIn, type JsonPath } from './json-path'

/** The unsaved config with its undo and redo stacks. */
export interface EditorHistory {
  /**
   * The config as loaded from (or last saved to) the file, that file text's version, and when it
   * was saved from here (absent: as loaded). Undo and redo may go past it: the file keeps it
   * until the next save, and `draft !== saved.config` says the draft differs from the file.
   */
  saved: { version: string; config: SiteConfig; at?: number }
  draft: SiteConfig
  past: SiteConfig[]
  future: SiteConfig[]
  /** The field typed into last and when, so typing one word is one undo step, not one per letter. */
  lastEdit?: { path: JsonPath; at: number }
}

export type HistoryAction =
  | { type: 'loaded'; version: string; config: SiteConfig }
  /** `config` is the draft that was sent: edits made while the save was under way are not in the file. */
  | { type: 'saved'; version: string; config: SiteConfig; at: number }
  | { type: 'set'; path: JsonPath; value: unknown; at: number }
  | { type: 'replace'; config: SiteConfig }
  /**
   * The team draft as the server has it now (`config`, of the draft on `version`): it becomes what
   * is saved, and the edits made on top of `from` (what was sent, or last received) are written
   * onto it, in the draft and in every undo and redo step, so no one's save is undone by another's.
   */
  | { type: 'merged'; version: string; from: SiteConfig; config: SiteConfig }
  | { type: 'undo' }
  | { type: 'redo' }

const typingPauseMs = 1000

export function historyReducer(state: EditorHistory, action: HistoryAction): EditorHistory {
  switch (action.type) {
    case 'loaded':
      return { saved: { version: action.version, config: action.config }, draft: action.config, past: [], future: [] }
    case 'saved':
      return { ...state, saved: { version: action.version, config: action.config, at: action.at }, lastEdit: undefined }
    case 'set': {
      const draft = setIn(state.draft, action.path, action.value)
      const sameField = state.lastEdit && samePath(state.lastEdit.path, action.path) && action.at - state.lastEdit.at < typingPauseMs
      return { ...state, draft, past: sameField ? state.past : [...state.past, state.draft], future: [], lastEdit: { path: action.path, at: action.at } }
    }
    case 'replace':
      return { ...state, draft: action.config, past: [...state.past, state.draft], future: [], lastEdit: undefined }
    case 'merged': {
      // The server's copy is all new objects: made of the form's own where equal, each list item
      // keeps its identity, so no row is drawn anew (losing its focus, an open menu, an upload).
      const saved = keepIdentities(state.draft, action.config)
      const onto = (local: SiteConfig) => {
        const rebased = rebaseEdits(action.from, local, saved)
        return rebased === saved ? saved : keepIdentities(local, rebased)
      }
      return { ...state, saved: { version: action.version, config: saved }, draft: onto(state.draft), past: state.past.map(onto), future: state.future.map(onto) }
    }
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

/** Whether the next undo leaves the state that was saved from here, going back to before that save. */
export function undoCrossesSave(history: EditorHistory): boolean {
  return history.saved.at !== undefined && history.draft === history.saved.config && history.past.length > 0
}

/** Whether undo has gone back past the last save: the saved state is ahead, in redo's reach. */
export function isBehindSave(history: EditorHistory): boolean {
  return history.saved.at !== undefined && history.future.includes(history.saved.config)
}
