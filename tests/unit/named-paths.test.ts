import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/paths.ts'
import { commentsOf, existsInRepository, generatedFolders, lineAt, pathsIn, repositoryFiles, type NamedPath } from '../helpers/named-paths.ts'

const files = repositoryFiles()
const fileSet = new Set(files)
const folderSet = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => `${parts.slice(0, index + 1).join('/')}/`),
  ),
)
const topFolders = [...new Set([...[...folderSet].map((folder) => folder.split('/')[0]!), ...generatedFolders])]

/** Paths a file names because they are not there, or from another folder than the root, by file. */
const NAMED_ON_PURPOSE: Record<string, string[]> = {
  // The checker's answers to a picture that is missing or misspelled, printed as it prints them.
  'docs/authoring.md': ['public/images/partners/Tenable.svg'],
  'docs/errors.md': ['public/images/logos/fortinet.svg', 'public/images/logos/fortnet.svg'],
  // A schema's path under schemas/, as the editor's map of the schema files keys it.
  'editor/schema-files.ts': ['blocks/cardGrid.schema.json'],
  'editor/client/schema/schema-refs.ts': ['blocks/cardGrid.schema.json'],
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const missing = (named: NamedPath[]) =>
  named
    .filter(({ path: named, file }) => !existsInRepository(named, fileSet, folderSet) && !NAMED_ON_PURPOSE[file]?.includes(named))
    .map(({ path: named, file, line }) => `${file}:${line} ${named}`)

/** The paths a document names from the repository's root, and its links to files beside it (`[words](other.md)`). */
function namedInDocument(file: string): NamedPath[] {
  const text = read(file)
  const fromRoot = pathsIn(text, topFolders).map(({ path: named, offset }) => ({ path: named, file, line: lineAt(text, offset) }))
  const links = [...text.matchAll(/\]\((?![a-z]+:|#|\/)([^)\s#]+)/g)].map((link) => ({
    path: path.posix.join(path.posix.dirname(file), link[1]!),
    file,
    line: lineAt(text, link.index),
  }))
  return [...fromRoot, ...links]
}

/** The paths the comments of a code file name. */
function namedInComments(file: string): NamedPath[] {
  const text = read(file)
  // Most files name no path at all: only those that may are parsed.
  if (pathsIn(text, topFolders).length === 0) return []
  return commentsOf(file, text).flatMap((comment) =>
    pathsIn(comment.text, topFolders).map(({ path: named, offset }) => ({ path: named, file, line: lineAt(text, comment.offset + offset) })),
  )
}

describe('every path the docs, the dependency rules and the comments name exists', () => {
  it('holds for docs/*.md and README.md', () => {
    const documents = files.filter((file) => /^docs\/[^/]+\.md$/.test(file) || file === 'README.md')
    expect(documents).toContain('docs/architecture.md')
    expect(missing(documents.flatMap(namedInDocument))).toEqual([])
  })

  // The rules' own words name paths in their `comment` strings as well as in comments; their
  // patterns (`^server/compose/`) are regular expressions, which pathsIn leaves out.
  it('holds for the dependency rules, .dependency-cruiser.cjs', () => {
    const text = read('.dependency-cruiser.cjs')
    const named = pathsIn(text, topFolders).map(({ path: found, offset }) => ({ path: found, file: '.dependency-cruiser.cjs', line: lineAt(text, offset) }))
    expect(named.length).toBeGreaterThan(0)
    expect(missing(named)).toEqual([])
  })

  it('holds for the comments of every .ts, .tsx, .mjs and .cjs file and of knip.jsonc', () => {
    const code = files.filter((file) => /\.(ts|tsx|mjs|cjs)$/.test(file))
    const named = [...code.flatMap(namedInComments), ...namedInComments('knip.jsonc')]
    expect(missing(named)).toEqual([])
  })
})

describe('what counts as a named path', () => {
  const tops = ['server', 'docs', 'build', 'dist']
  const paths = (text: string) => pathsIn(text, tops).map((found) => found.path)

  it('is a word from a top-level folder with a file name or a closing slash', () => {
    expect(paths('see server/http/probes.ts, docs/architecture.md#layers and server/compose/.')).toEqual(['server/http/probes.ts', 'docs/architecture.md', 'server/compose/'])
    expect(paths('(server/config.ts:118) `server/app.ts`')).toEqual(['server/config.ts', 'server/app.ts'])
  })

  it('is not a URL, a glob, a placeholder, an ellipsis, a pattern or a folder named without its slash', () => {
    expect(paths('https://github.com/koajs/koa/blob/master/docs/api/index.md server/*.ts docs/<name>.md server/${folder}/x.ts server/… ^server/compose/ server/http')).toEqual([])
  })

  it('finds the comments of code, not its strings', () => {
    const comments = commentsOf('x.tsx', "const a = '// server/x.ts' // server/y.ts\nconst b = <p>{/* docs/z.md */}</p>\n/* build/w.js */")
    expect(comments.map((comment) => comment.text)).toEqual(['// server/y.ts', '/* docs/z.md */', '/* build/w.js */'])
  })

  it('is checked against what a build writes under build/ and dist/', () => {
    const files = new Set(['server/app.ts'])
    const folders = new Set(['server/'])
    expect(existsInRepository('build/server/main.js', files, folders)).toBe(true)
    expect(existsInRepository('build/server/nowhere.js', files, folders)).toBe(false)
    expect(existsInRepository('build/assets/', files, folders)).toBe(false)
    expect(existsInRepository('dist/.site-routes.json', files, folders)).toBe(true)
    expect(existsInRepository('dist/.site-nowhere.json', files, folders)).toBe(false)
    expect(existsInRepository('server/nowhere.ts', files, folders)).toBe(false)
  })
})
