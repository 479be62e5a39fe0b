import type { EditorMode } from '../api/editor-api'

/**
 * What the editor calls saving, by where it saves: the config file under `npm run dev`, a new
 * published version of the site on a production server. Written once, for the bar, its notices
 * and the editor's state.
 */
export interface SaveWords {
  /** The button. */
  action: string
  /** The bar's state once nothing is left to save. */
  allDone: string
  unsaved: string
  /** The notice of a save that went through. */
  done: string
  /** The title of a refused or failed save. */
  notDone: string
  /** Why a save failed, with where to look. */
  failed(why: string): string
  /** The title of a conflict. */
  conflictTitle: string
  /** The conflict's button, which loads the document as it is now. */
  reload: string
  /** After undo went back past the last save (made at `time`): where that save still is, and what the buttons do now. */
  behindSave(time: string): string
}

export const SAVE_WORDS: Readonly<Record<EditorMode, SaveWords>> = {
  file: {
    action: 'Save',
    allDone: 'All changes saved',
    unsaved: 'Unsaved changes',
    done: 'Saved your changes.',
    notDone: 'Not saved',
    failed: (why) => `Saving failed (${why}); the edits are still here. See the dev server's terminal for details.`,
    conflictTitle: 'The file changed on disk',
    reload: 'Reload the file (drops the unsaved edits shown here)',
    behindSave: (time) => `The file still holds what you saved at ${time}. What you see now is unsaved: Save writes it, Redo goes forward to what you saved.`,
  },
  publish: {
    action: 'Publish',
    allDone: 'All changes published',
    unsaved: 'Unpublished changes',
    done: 'Published: the site shows your changes now.',
    notDone: 'Not published',
    failed: (why) => `Publishing failed (${why}); the edits are still here. The server's log has the details.`,
    conflictTitle: 'Someone published meanwhile',
    reload: 'Load the published version (leaves this draft: its edits stay in the list of drafts)',
    behindSave: (time) => `The site still shows what you published at ${time}. What you see now is unpublished: Publish publishes it, Redo goes forward to what you published.`,
  },
}
