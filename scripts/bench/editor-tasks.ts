/**
 * `npm run bench:editor-tasks`: how many clicks and keystrokes a first-time editor's everyday edits
 * take in the visual editor (a new service page with three cards, an uploaded partner logo and a
 * call to action, in a menu; another page's title and description; the phone; a menu entry
 * renamed; a card removed; a section moved; save). Runs the browser test that plays them
 * (tests/e2e/editor-first-time.spec.ts, which also checks the saved file and the built pages) and
 * prints its count. A benchmark: it reports, and fails only when the test itself fails.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { firstTimeCountFile } from '../../tests/e2e/support/first-time-editor.ts'
import { ensureBuild } from '../lib/ensure-build.ts'
import { root } from '../lib/paths.ts'

// Playwright's configuration serves the built site beside the test's own dev server.
ensureBuild(console.log)
rmSync(firstTimeCountFile, { force: true })
const run = spawnSync('npx', ['playwright', 'test', 'tests/e2e/editor-first-time.spec.ts'], { cwd: root, stdio: 'inherit' })
if (run.status !== 0) process.exit(run.status ?? 1)
const { clicks, keystrokes } = JSON.parse(readFileSync(firstTimeCountFile, 'utf8')) as { clicks: number; keystrokes: number }
// The keystroke-level model (Card, Moran and Newell): a click is pointing (1.1 s) and pressing
// (0.2 s) after a moment's thought of what to do next (1.35 s); a keystroke of an average typist
// 0.28 s. Reading the docs and deciding what to write are not in it: a floor, not a forecast.
const estimateMinutes = (clicks * (1.1 + 0.2 + 1.35) + keystrokes * 0.28) / 60
console.log(
  `first-time editor's everyday edits: ${clicks} clicks and ${keystrokes} keystrokes (keystroke-level model: ${estimateMinutes.toFixed(1)} minutes of handling; goal: all of it in under 15 minutes)`,
)
