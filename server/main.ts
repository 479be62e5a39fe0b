/** `npm start`: build if needed, then serve the site and the form endpoints on PORT (default 3000). */
import fs from 'node:fs'
import path from 'node:path'
import { distDir } from '../scripts/lib/paths.ts'
import { createApp } from './app.ts'
import { ensureBuild } from './ensure-build.ts'
import { createFormsServiceFromEnv } from './forms/fromEnv.ts'

const log = (message: string) => console.log(`[server] ${message}`)
// Settings from .env when present (see .env.example); the real environment wins.
if (fs.existsSync('.env')) process.loadEnvFile('.env')

ensureBuild(log)
const forms = createFormsServiceFromEnv(process.env, log)
const app = createApp({ distDir, forms, log })
const port = Number(process.env.PORT ?? 3000)
const server = app.listen(port, () => {
  log(`serving ${path.relative(process.cwd(), distDir) || distDir} on http://localhost:${port}`)
  forms.start()
})

async function shutdown(signal: string) {
  log(`${signal} received, stopping`)
  server.close()
  await forms.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
