/**
 * docs/authoring.md quotes the checker and the dev server; these keep the quotes true where they
 * can be reproduced without the full site: the message a dangling comma gets after a removal, and
 * what the guide says about another port.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatProblem, validateConfigText } from '../../authoring/check/index.ts'
import { readServerConfig } from '../../server/settings/config.ts'

const root = path.resolve(import.meta.dirname, '../..')
const guide = fs.readFileSync(path.join(root, 'docs/authoring.md'), 'utf8')
const base = fs.readFileSync(path.join(root, 'tests/fixtures/valid/site.config.json'), 'utf8')

/** The fenced block that follows `heading` in the guide and contains `marker`. */
function quotedAfter(heading: string, marker: string): string {
  const section = guide.slice(guide.indexOf(heading))
  const block = section.split('```').find((part, index) => index % 2 === 1 && part.includes(marker))
  expect(block, `a quoted block with ${marker} after ${heading}`).toBeDefined()
  return block!.trim()
}

describe('docs/authoring.md', () => {
  it("quotes the checker's message for the comma left behind when the last card is removed", () => {
    const removed = base.replace(/,\n\s+\{\n\s+"icon": "cloud",[^}]*\}/, ',')
    expect(removed).not.toBe(base)
    const [problem] = validateConfigText(removed, 'site.config.json')
    expect(problem?.code).toBe('trailing-comma')
    const quoted = quotedAfter('### Remove a card', '[trailing-comma]')
    // The message and hint lines; the first line's position depends on the config it came from.
    expect(formatProblem(problem!, { color: false }).split('\n').slice(1)).toEqual(quoted.split('\n').slice(1))
  })

  it('says how to preview on another port, as the dev server (scripts/dev/dev-server.ts) reads it and says it', () => {
    const devServer = fs.readFileSync(path.join(root, 'scripts/dev/dev-server.ts'), 'utf8')
    expect(devServer).toContain("port: { type: 'string' }")
    // --port wins; else PORT, read with every setting of server/settings/settings-table.ts (default 3000).
    expect(devServer).toMatch(/flags\.port \? Number\(flags\.port\) : config\.port/)
    expect(readServerConfig({ PORT: '3001' }).port).toBe(3001)
    expect(readServerConfig({}).port).toBe(3000)
    const busy = /`(Cannot start: port \$\{port\} is in use[^`]*)`/.exec(devServer.replace(/\\`/g, '\uE000'))?.[1]?.replace(/\uE000/g, '`')
    expect(busy).toBeDefined()
    expect(quotedAfter('**If port 3000 is taken**', 'Cannot start')).toBe(busy!.replace('${port}', '3000'))
    expect(guide).toContain('npm run dev -- --port 3001')
  })
})
