import fs from 'node:fs'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { editorBuildDir, root } from './paths.ts'
import { precompiledPreviewDefaults } from './precompiled-defaults.ts'
import { browserAliases } from './vite-resolve.ts'

/** The editor's two pages, as the dev server serves them (editor/server/editor-middleware.ts). */
const PAGES = { editor: 'editor/index.html', preview: 'editor/preview/index.html' }

/**
 * The visual editor's browser side for the production server: its two pages (the editor, and the
 * preview it frames) and their hashed assets, built with the site's own React plugin, PostCSS
 * (postcss.config.cjs, found from `root`) and CSS-module naming, into build/editor/ as
 *   index.html, preview/index.html, assets/*
 * Every address in them starts with /_editor/, which the server answers only behind its sign-in.
 * The pages' sources name their scripts from the project root (/editor/client/main.tsx), so they
 * are built from there, and moved up out of the editor/ folder the build mirrors.
 */
export async function buildEditorClient({ outDir = editorBuildDir }: { outDir?: string } = {}): Promise<void> {
  await build({
    root,
    configFile: false,
    // The site's pictures are not the editor's: the preview shows them from the site itself.
    publicDir: false,
    base: '/_editor/',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react(), precompiledPreviewDefaults()],
    resolve: { alias: browserAliases },
    css: { modules: { localsConvention: 'camelCaseOnly' } },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // The editor loads once per session and is no site page: its size is not held to the site's budget.
      chunkSizeWarningLimit: 4096,
      rolldownOptions: { input: Object.fromEntries(Object.entries(PAGES).map(([name, file]) => [name, path.join(root, file)])) },
    },
  })
  for (const file of Object.values(PAGES)) {
    const built = path.join(outDir, file)
    const wanted = path.join(outDir, path.relative('editor', file))
    fs.mkdirSync(path.dirname(wanted), { recursive: true })
    fs.renameSync(built, wanted)
  }
  fs.rmSync(path.join(outDir, 'editor'), { recursive: true, force: true })
}
