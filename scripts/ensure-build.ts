/** Builds the site and the server when they are missing or older than their sources (bin/start.mjs runs this). */
import { ensureBuild } from './lib/ensure-build.ts'

ensureBuild((message) => console.log(`[start] ${message}`))
