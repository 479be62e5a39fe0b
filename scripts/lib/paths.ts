import path from 'node:path'
import { root } from '../../authoring/project-paths.ts'

/** Absolute paths of the project's fixed places, so scripts work from any working directory. */
export { publicDir, root, schemasDir } from '../../authoring/project-paths.ts'
export const generatedDir = path.join(root, 'site', 'generated')
export const defaultConfigPath = path.join(root, 'site.config.json')
// SITE_OUT_DIR builds elsewhere (a test builds a re-branded copy of the config beside the real site).
export const distDir = process.env.SITE_OUT_DIR ? path.resolve(process.env.SITE_OUT_DIR) : path.join(root, 'dist')
/** The compiled server (npm run build): what production runs, with production dependencies only. */
export const serverBuildDir = path.join(root, 'build', 'server')
/** What the code build leaves for every content build (content/code-build-files.ts). */
export const renderBuildDir = path.join(root, 'build', 'render')
/** The visual editor's pages and assets (npm run build), which the production server serves at /_editor behind its sign-in. */
export const editorBuildDir = path.join(root, 'build', 'editor')
/** The nginx server block generated from the route table (npm run build). */
export const nginxBuildDir = path.join(root, 'build', 'nginx')
