/**
 * The counts of a first-time editor's work that the browser tests write and
 * `npm run bench:editor-tasks` prints: where each is written, what a count holds, and the
 * keystroke-level model that turns it into minutes.
 */
import path from 'node:path'
import { root } from '../lib/paths.ts'

/** Where the first-time editor's browser test writes its count. */
export const firstTimeCountFile = path.join(root, 'test-results', 'first-time-editor.json')

/** Where the everyday tasks' browser test writes each task's count. */
export const everydayTasksCountFile = path.join(root, 'test-results', 'everyday-tasks.json')

/** How many clicks and keystrokes some work took. */
export interface Count {
  clicks: number
  keystrokes: number
}

/**
 * The keystroke-level model (Card, Moran and Newell) of a count, in minutes: a click is pointing
 * (1.1 s) and pressing (0.2 s) after a moment's thought of what to do next (1.35 s); a keystroke of
 * an average typist 0.28 s. Reading the docs and deciding what to write are not in it: a floor,
 * not a forecast.
 */
export const keystrokeLevelMinutes = ({ clicks, keystrokes }: Count) => (clicks * (1.1 + 0.2 + 1.35) + keystrokes * 0.28) / 60

/** The ten everyday tasks of a first-time editor on the live editor, in the words of their report. */
export const everydayTasks = [
  'Sign in',
  'A new service page with three cards, in a menu',
  'The hero heading',
  'A partner logo, uploaded into a logo strip',
  'The phone number, everywhere it is shown',
  'The menu order',
  'A mistake, seen and fixed',
  'Publish',
  'Take a change back',
  'Sign out',
] as const

export type EverydayTask = (typeof everydayTasks)[number]
export type TaskCount = Count & { task: EverydayTask }
