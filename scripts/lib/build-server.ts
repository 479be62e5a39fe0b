import path from 'node:path'
import { build } from 'vite'
import { root, serverBuildDir } from './paths.ts'

/**
 * What production runs: the server, the editor's checker thread (which the server starts from the
 * file beside its own, editor/server/checker-thread.ts), the content build's process that publishing
 * keeps beside it, and the operator's outbox, editor accounts, content build and site versions commands.
 */
const ENTRIES = {
  main: 'server/compose/main.ts',
  'check-worker': 'editor/server/check-worker.ts',
  outbox: 'server/compose/outbox-cli.ts',
  'editor-user': 'server/compose/editor-user-cli.ts',
  'content-build': 'content/content-cli.ts',
  'content-build-service': 'content/content-build-service.ts',
  'site-versions': 'server/compose/site-versions-cli.ts',
}

/**
 * Packages compiled into the server instead (development dependencies): pure JavaScript of which
 * the server uses a few kilobytes while the package installs megabytes of other builds, and the
 * production install has a size bound. otpauth: 1.8 MB installed for the TOTP code it runs.
 */
const BUNDLED = new Set(['otpauth'])

/**
 * Compiles the server to plain JavaScript with Vite's SSR build: our TypeScript (and the form
 * schemas it imports) bundled into build/server/*.js, every package left as an import of
 * node_modules, so production runs `node build/server/main.js` with production dependencies
 * only: no tsx, no vite, nothing under scripts/. The exceptions are BUNDLED.
 */
export async function buildServer(): Promise<void> {
  await build({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    // An SSR build leaves every dependency an import unless told: BUNDLED are compiled in.
    ssr: { noExternal: [...BUNDLED] },
    build: {
      ssr: true,
      outDir: serverBuildDir,
      emptyOutDir: true,
      target: 'node24',
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
        // Packages and Node's own modules stay imports; only relative files (and BUNDLED) are bundled.
        external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0') && !BUNDLED.has(id),
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  })
}
