/**
 * Completion while typing, proved with the JSON language server VS Code itself uses
 * (vscode-json-languageservice), set up from the project's .vscode/settings.json: in a page's
 * "blocks" list every block type is offered as a ready snippet, `"type": ` offers every type,
 * hovering a property explains it, and the real config shows no false squiggles.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { findNodeAtLocation, parseTree } from 'jsonc-parser'
import { describe, expect, it } from 'vitest'
import { getLanguageService, TextDocument, type JSONDocument } from 'vscode-json-languageservice'

const root = path.resolve(import.meta.dirname, '../..')
const configUri = pathToFileURL(path.join(root, 'site.config.json')).href
const original = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
const blockTypes = fs
  .readdirSync(path.join(root, 'schemas/blocks'))
  .map((file) => file.replace('.schema.json', ''))
  .sort()

/** The language service configured as VS Code is by .vscode/settings.json ("url" is relative to the folder). */
function languageService() {
  const settings = JSON.parse(fs.readFileSync(path.join(root, '.vscode/settings.json'), 'utf8')) as { 'json.schemas': { fileMatch: string[]; url: string }[] }
  const service = getLanguageService({
    schemaRequestService: async (uri) => fs.readFileSync(new URL(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  })
  const rootUri = pathToFileURL(`${root}/`).href
  service.configure({ validate: true, schemas: settings['json.schemas'].map(({ fileMatch, url }) => ({ fileMatch, uri: new URL(url, rootUri).href })) })
  return service
}
const service = languageService()

function open(text: string): [TextDocument, JSONDocument] {
  const document = TextDocument.create(configUri, 'json', 1, text)
  return [document, service.parseJSONDocument(document)]
}

/** The config with `insert` at the start of the first page's blocks list; the cursor where `|` is. */
function typedIntoBlocks(insert: string) {
  const start = original.indexOf('"blocks": [') + '"blocks": ['.length
  const text = original.slice(0, start) + insert.replace('|', '') + original.slice(start)
  const [document, json] = open(text)
  return service.doComplete(document, document.positionAt(start + insert.indexOf('|')), json)
}

describe('editor completion in site.config.json', () => {
  it('offers every block type as a ready snippet on a new line of a "blocks" list', async () => {
    const list = await typedIntoBlocks('\n        |\n')
    const snippets = new Map(list!.items.map((item) => [item.label, item]))
    for (const type of blockTypes) {
      const snippet = snippets.get(type)
      expect(snippet, `snippet for ${type}`).toBeDefined()
      expect(snippet!.insertText).toMatch(new RegExp(`^\\{\\n\\t"type": "${type}"`))
      expect(snippet!.documentation ?? snippet!.detail).toBeTruthy()
    }
  })

  it('inside a new { } it offers "type", and every block type as its value', async () => {
    const properties = await typedIntoBlocks('\n        { | },\n')
    expect(properties!.items.map((item) => item.label)).toContain('type')
    const values = await typedIntoBlocks('\n        { "type": | },\n')
    expect(values!.items.map((item) => item.label).sort()).toEqual(blockTypes.map((type) => `"${type}"`))
  })

  it('hovering a property of a block shows its description from the schema', async () => {
    const routes = (JSON.parse(original) as { routes: { blocks: { type: string }[] }[] }).routes
    const routeIndex = routes.findIndex((route) => route.blocks[0]?.type === 'pageHero')
    const key = findNodeAtLocation(parseTree(original)!, ['routes', routeIndex, 'blocks', 0, 'heading'])!.parent!.children![0]!
    const [document, json] = open(original)
    const hover = await service.doHover(document, document.positionAt(key.offset + 2), json)
    const schema = JSON.parse(fs.readFileSync(path.join(root, 'schemas/blocks/pageHero.schema.json'), 'utf8')) as { properties: { heading: { description: string } } }
    // The hover is Markdown: drop its escapes to compare with the plain description.
    const shown = [hover?.contents ?? []]
      .flat()
      .map((part) => (typeof part === 'string' ? part : part.value))
      .join('\n')
    expect(shown.replace(/\\(.)/g, '$1')).toContain(schema.properties.heading.description)
  })

  it('the real config has no squiggles; a misspelt block type does', async () => {
    const [document, json] = open(original)
    expect(await service.doValidation(document, json)).toEqual([])
    const [broken, brokenJson] = open(original.replace('"type": "pageHero"', '"type": "pageHeroo"'))
    expect((await service.doValidation(broken, brokenJson)).length).toBeGreaterThan(0)
  })
})
