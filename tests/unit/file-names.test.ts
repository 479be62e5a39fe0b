import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths'

/*
 * The file-naming convention of the README's contributor notes: a React component's file is
 * PascalCase.tsx, named after the component, and so are its CSS module and its test; every other
 * code or CSS file is kebab-case. Folders are not checked (a block's folder is named after its
 * block type, as the config spells it).
 */

const codeFolders = ['authoring', 'bin', 'blocks', 'editor', 'kit', 'runtime', 'scripts', 'server', 'site', 'tests']
const skipped = new Set(['node_modules', 'site/generated', 'tests/fixtures'])
const code = /\.(tsx?|[cm]?js|css)$/
const pascal = /^[A-Z][A-Za-z0-9]*$/
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/

function codeFiles(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`
    if (skipped.has(relative) || skipped.has(entry.name)) return []
    if (entry.isDirectory()) return codeFiles(relative)
    return code.test(entry.name) ? [relative] : []
  })
}

const rootFiles = fs.readdirSync(root).filter((name) => code.test(name) && fs.statSync(path.join(root, name)).isFile())
const files = [...rootFiles, ...codeFolders.flatMap(codeFiles)]

/** What is wrong with a file's name, or null. */
function problemWith(file: string): string | null {
  const name = path.basename(file)
  // "CardGrid" and "module.css" of CardGrid.module.css; "vite" and "config.ts" of vite.config.ts.
  const [stem = '', ...rest] = name.replace(/^\./, '').split('.')
  const kind = rest.join('.')
  const sibling = (other: string) => fs.existsSync(path.join(root, path.dirname(file), other))
  if (pascal.test(stem)) {
    if (kind === 'tsx') {
      const source = fs.readFileSync(path.join(root, file), 'utf8')
      const component = new RegExp(`export (default )?(function|const|class) ${stem}\\b`)
      return component.test(source) ? null : `a PascalCase file must export the component it is named after (${stem}); any other module is kebab-case`
    }
    if (kind === 'module.css' || kind === 'test.tsx') return sibling(`${stem}.tsx`) ? null : `${name} is named after a component, but there is no ${stem}.tsx beside it`
    return 'PascalCase is for React components (.tsx), their CSS modules and tests; other files are kebab-case'
  }
  return kebab.test(stem) ? null : 'not kebab-case'
}

describe('file names', () => {
  it('finds the code to check', () => {
    expect(files).toContain('blocks/cardGrid/CardGrid.tsx')
    expect(files).toContain('server/compose/main.ts')
    expect(files.length).toBeGreaterThan(300)
  })

  it('follow the convention: PascalCase.tsx for a React component (and its CSS module and test), kebab-case for everything else', () => {
    const wrong = files.flatMap((file) => {
      const problem = problemWith(file)
      return problem ? [`${file}: ${problem}`] : []
    })
    expect(wrong).toEqual([])
  })
})
