/**
 * `npm run dev`: the dev server (scripts/dev/dev-server.ts) with the visual editor mounted at
 * /_editor. This command is the one place that knows both: the dev server receives the editor as a
 * plugin (its mounts), and the editor knows nothing of the dev server.
 */
import { editorDevPlugin } from '../../editor/server/dev-plugin.ts'
import { runDevServer } from './dev-server.ts'

await runDevServer([editorDevPlugin])
