import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { builtSiteFiles } from '../../site/built-site-files.ts'
import { root } from '../../scripts/lib/paths.ts'

/** A path some text names, and where: `file:line`, for the message of a test that finds it missing. */
export interface NamedPath {
  path: string
  file: string
  line: number
}

/** The files of the repository as a checkout has them: tracked, or new and not ignored. */
export function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && fs.existsSync(path.join(root, file)))
}

/**
 * Folders a build or a test run writes, which a fresh checkout does not hold. What `build/` holds is
 * checked against what the build writes there; `dist/` is the built site, whose pages and assets take
 * their names from the config and their hashes, so only the files the content build names for the
 * server (`.site-*.json`) are checked; a test run's results are not checked at all.
 */
export const generatedFolders = ['build', 'dist', 'test-results']
const BUILD_FOLDERS = ['server', 'render', 'editor', 'nginx']

/**
 * The repository paths in `text`: a word that starts with a top-level folder, has a `/` and ends in
 * `/` or in a file name with an extension. Not a path: a URL's part, a glob (`*`), a placeholder
 * (`<type>`, `${name}`, `{a,b}`), something left out (`…`), a regular expression (`^server/`).
 */
export function pathsIn(text: string, topFolders: readonly string[]): Array<{ path: string; offset: number }> {
  const tops = topFolders.map((folder) => folder.replaceAll('.', '\\.')).join('|')
  const word = new RegExp(String.raw`(?<![\w.\/\\@~^$*{}<\-])(?:${tops})\/[^\s\x60'"()<>\[\]{}|,;:*…$#?\\]*`, 'g')
  const found: Array<{ path: string; offset: number }> = []
  for (const match of text.matchAll(word)) {
    const next = text[match.index + match[0].length] ?? ''
    if (next && '<*…{[$\\'.includes(next)) continue
    const named = match[0].replace(/[.!]+$/, '')
    if (!named.endsWith('/') && !/\/[^/]*[^./]\.[A-Za-z0-9]+$/.test(named)) continue
    found.push({ path: named, offset: match.index })
  }
  return found
}

/** Nodes whose text is the code's data, not a comment, however many slashes it holds. */
const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
])

/**
 * The `//` and `/* *\/` comments of a TypeScript, JavaScript or JSONC file, each with where it
 * starts: the parser finds the strings, templates, regular expressions and JSX text, and what
 * starts with `//` or `/*` outside them is a comment.
 */
export function commentsOf(file: string, text: string): Array<{ text: string; offset: number }> {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS
  // A JSONC file is parsed as the object expression it is, one character to the right.
  const shift = file.endsWith('.jsonc') ? 1 : 0
  const source = ts.createSourceFile(file, shift ? `(${text})` : text, ts.ScriptTarget.Latest, false, kind)
  const literals: Array<[number, number]> = []
  const visit = (node: ts.Node) => {
    if (LITERALS.has(node.kind)) literals.push([node.getStart(source) - shift, node.end - shift])
    ts.forEachChild(node, visit)
  }
  visit(source)
  literals.sort((one, other) => one[0] - other[0])
  const comments: Array<{ text: string; offset: number }> = []
  let literal = 0
  for (let at = 0; at < text.length; at += 1) {
    while (literal < literals.length && literals[literal]![1] <= at) literal += 1
    if (literal < literals.length && literals[literal]![0] <= at) {
      at = literals[literal]![1] - 1
      continue
    }
    if (text[at] !== '/' || (text[at + 1] !== '/' && text[at + 1] !== '*')) continue
    const end = text[at + 1] === '/' ? text.indexOf('\n', at) : text.indexOf('*/', at + 2) + 2
    const stop = end <= 1 || end === -1 ? text.length : end
    comments.push({ text: text.slice(at, stop), offset: at })
    at = stop - 1
  }
  return comments
}

/** Whether `named` is something the repository holds, or something a build writes where the build writes it. */
export function existsInRepository(named: string, files: ReadonlySet<string>, folders: ReadonlySet<string>): boolean {
  if (named.endsWith('/') ? folders.has(named) : files.has(named)) return true
  const [top, below = '', ...rest] = named.split('/').filter(Boolean)
  if (top === 'build') return below === '' || (BUILD_FOLDERS.includes(below) && (below !== 'server' || rest.length === 0 || builtServerFile(rest.join('/'))))
  if (top === 'dist') return !below.startsWith('.site-') || Object.values<string>(builtSiteFiles).includes(below)
  return top === 'test-results'
}

/** The compiled server's files: one `<entry>.js` per entry of the server build, and its source maps. */
function builtServerFile(name: string): boolean {
  const entries = fs.readFileSync(path.join(root, 'scripts', 'lib', 'build-server.ts'), 'utf8')
  const entry = name.replace(/\.js(\.map)?$/, '')
  return name !== entry && new RegExp(String.raw`^\s*'?${entry.replace(/[-.]/g, '\\$&')}'?: '`, 'm').test(entries)
}

/** The line of `offset` in `text`, counted from 1. */
export const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length
