/**
 * Team tool for writing page content without clobbering each other's edits:
 *   npx tsx scripts/dev/put-route.ts <route.json>
 * where route.json holds one complete route object. Replaces the route with the same path in
 * site.config.json (or appends it), under a lock, leaving the rest of the file untouched. SITE_DIR
 * picks another site's config, as for every command.
 */
import fs from 'node:fs'
import { editFileLocked, readJson, setJsonValue } from '../../authoring/config/config-edit.ts'
import { chosenSite } from '../lib/site-folder.ts'

const file = process.argv[2]
if (!file) throw new Error('usage: npx tsx scripts/dev/put-route.ts <route.json>')
const route = JSON.parse(fs.readFileSync(file, 'utf8')) as { path: string }

editFileLocked(chosenSite().configFile, (text) => {
  const routes = readJson<{ routes: { path: string }[] }>(text).routes
  const index = routes.findIndex((existing) => existing.path === route.path)
  return setJsonValue(text, ['routes', index < 0 ? routes.length : index], route)
})
console.log(`site.config.json: route ${route.path} written`)
