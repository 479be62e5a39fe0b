/** Builds a temporary source tree with its own `npm run build` (its pages only, where the tree's build knows how). */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { PreviewError } from './preview-error.ts'

// What scripts/build.ts prints when the config checker refuses the config, before building anything.
const configRefused = /The build stopped/

/**
 * Builds `folder` into `folder`/dist: the site in its folder `siteFolder` (SITE_DIR, relative to the
 * tree; '' is the tree itself). `label` names the tree in messages ("base", "working tree").
 */
export async function buildTree(folder: string, siteFolder: string, label: string, signal?: AbortSignal): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_PAGES_ONLY: '1', SITE_DIR: path.join(folder, siteFolder) }
  // Set for the project, these would send the tree's build to another config or another dist/.
  delete env.SITE_CONFIG
  delete env.SITE_OUT_DIR
  const build = spawn('npm', ['run', '-s', 'build'], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'], signal })
  build.on('error', () => {})
  const output: string[] = []
  build.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  build.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const status = await new Promise<number | null>((resolve) => build.once('close', resolve))
  if (signal?.aborted) throw new PreviewError('stopped')
  const text = output.join('')
  if (status !== 0) {
    const reason = configRefused.test(text) ? `the ${label}'s config does not build (the config checker's report is above)` : `the ${label} does not build (its output is above)`
    throw new PreviewError(reason, text)
  }
  return path.join(folder, 'dist')
}
