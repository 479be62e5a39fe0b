/**
 * `npm run new-page -- --path /security_solutions/zero_trust --title "Zero Trust" [--menu security]`
 * adds a complete service page to site.config.json (next to its siblings), optionally a link in a
 * navigation menu, and then checks the config. Only the inserted parts of the file change.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { SiteConfig } from '../runtime/generated/site-config.ts'
import { editFileLocked, readJson, setJsonValue } from './lib/config-edit.ts'
import { defaultConfigPath, publicDir, root } from './lib/paths.ts'
import { findMenu } from './lib/scaffold/menus.ts'
import { servicePage } from './lib/scaffold/service-page.ts'

function fail(message: string): never {
  console.error(`✗ ${message}`)
  process.exit(1)
}

const { values } = parseArgs({
  options: { path: { type: 'string' }, title: { type: 'string' }, menu: { type: 'string' }, config: { type: 'string' } },
})
const usage = 'Usage: npm run new-page -- --path /security_solutions/zero_trust --title "Zero Trust" [--menu security]'
if (!values.path || !values.title) fail(`Both --path and --title are needed.\n  ${usage}`)
const pagePath = values.path.replace(/\/+$/, '')
const title = values.title.trim()
if (!/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(pagePath)) {
  fail(`"${values.path}" is not a page address. It must start with / and use only letters, digits, - and _ between slashes, e.g. /security_solutions/zero_trust.`)
}
const configFile = values.config ? path.resolve(values.config) : defaultConfigPath
const configName = path.relative(process.cwd(), configFile) || configFile

editFileLocked(configFile, (text) => {
  const config = readJson<SiteConfig>(text)
  const clash = config.routes.find((route) => [route.path, ...(route.aliases ?? [])].some((spelling) => spelling.toLowerCase() === pagePath.toLowerCase()))
  if (clash) fail(`${pagePath} already exists in ${configName} (the page ${clash.path}, "${clash.title}"). Choose another --path, or edit that page instead.`)

  const parent = pagePath.slice(0, pagePath.lastIndexOf('/'))
  const family = config.navigation.items.flatMap((item) => ('items' in item ? item.items : [])).find((entry) => 'items' in entry && entry.to === parent)?.label ?? 'Our Services'
  const partnerDir = path.join(publicDir, 'images', 'partners')
  const partners = (fs.existsSync(partnerDir) ? fs.readdirSync(partnerDir).filter((name) => name.endsWith('.svg')).sort().slice(0, 6) : []).map(
    (file): [string, string] => [`/images/partners/${file}`, file.replace(/\.svg$/, '').replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())],
  )
  const [firstPartner, ...otherPartners] = partners
  if (!firstPartner) fail('No partner logos found under public/images/partners/ for the partner strip.')
  const route = servicePage({ path: pagePath, title, companyName: config.site.name, family, partners: [firstPartner, ...otherPartners] })

  // Place the page after its siblings (same parent path), so related pages stay together.
  const lastSibling = config.routes.map((existing) => existing.path).findLastIndex((existing) => parent && existing.startsWith(`${parent}/`))
  const insertAt = lastSibling >= 0 ? lastSibling + 1 : config.routes.length
  let updated = setJsonValue(text, ['routes', insertAt], route, { insertAt })
  console.log(`✓ Added ${pagePath} ("${title}") to ${configName} as routes[${insertAt}].`)

  if (values.menu) {
    const menu = findMenu(config.navigation, values.menu)
    if ('known' in menu) fail(`No menu called "${values.menu}". Menus: ${menu.known.join(', ')}.`)
    updated = setJsonValue(updated, [...menu.path, menu.length], { label: title, to: pagePath }, { insertAt: menu.length })
    console.log(`✓ Added "${title}" to the ${menu.label} menu.`)
  }
  return updated
})

const check = spawnSync('npx', ['tsx', path.join(root, 'scripts', 'validate.ts'), configFile], { stdio: 'inherit', cwd: root })
if (check.status !== 0) fail('The page was added, but the config has problems (listed above). Fix them, then run `npm run validate`.')
console.log(`Next: edit the texts of ${pagePath} in ${configName}, then run \`npm start\` and open http://localhost:3000${pagePath}`)
