import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkConfigText } from '../../authoring/check/index.ts'
import { root } from '../../scripts/lib/paths.ts'

const text = fs.readFileSync(path.join(root, 'site.config.json'), 'utf8')
const built = JSON.parse(text) as { forms: Record<string, { fields: { label?: string }[] }> }
const check = (config: string) => checkConfigText(config, 'site.config.json', { formsOfServer: built.forms }).problems
const codes = (config: string) => check(config).map((problem) => `${problem.code} ${problem.where}`)

describe('publishing to a running server: the forms must be the ones it started with', () => {
  it('passes the config the server was built from, whatever the order of its keys', () => {
    expect(check(text)).toEqual([])
    const reordered = JSON.parse(text) as Record<string, unknown>
    const forms = reordered.forms as Record<string, Record<string, unknown>>
    for (const name of Object.keys(forms)) forms[name] = Object.fromEntries(Object.entries(forms[name]!).reverse())
    expect(check(JSON.stringify(reordered, null, 2))).toEqual([])
  })

  it('marks a changed form where it is, saying a deploy takes it', () => {
    const changed = JSON.parse(text) as typeof built
    const name = Object.keys(changed.forms)[0]!
    changed.forms[name]!.fields[0]!.label = 'A label changed in the editor'
    const [problem, ...rest] = check(JSON.stringify(changed, null, 2))
    expect(rest).toEqual([])
    expect(problem).toMatchObject({ code: 'forms-need-a-deploy', where: `forms › ${name}`, pointer: `/forms/${name}` })
    expect(problem!.message).toContain(`The form "${name}" differs from the one the running server was started with`)
    expect(problem!.hint).toContain('Undo the change to the forms to publish the rest')
  })

  it('marks a form added or removed', () => {
    const added = JSON.parse(text) as typeof built
    const name = Object.keys(added.forms)[0]!
    added.forms['newsletter'] = added.forms[name]!
    expect(codes(JSON.stringify(added, null, 2))).toEqual(['forms-need-a-deploy forms › newsletter'])
    const removed = JSON.parse(text) as typeof built & { routes: { blocks: { type: string; form?: string }[] }[] }
    delete removed.forms[name]
    expect(codes(JSON.stringify(removed, null, 2))).toContain('forms-need-a-deploy forms')
  })

  it('is not checked by `npm run validate` or the build, which make a new server anyway', () => {
    const changed = JSON.parse(text) as typeof built
    changed.forms[Object.keys(changed.forms)[0]!]!.fields[0]!.label = 'Changed'
    expect(checkConfigText(JSON.stringify(changed, null, 2), 'site.config.json').problems).toEqual([])
  })
})
