import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { errorAnchor, errorDocsFile } from '../error-docs.ts'
import { root as projectRoot } from '../../project-paths.ts'
import type { CheckOutcome } from '../config-check-report.ts'
import { SHOWN_PROBLEMS, type Problem } from '../problem.ts'

/**
 * Where a machine-read report points: a Git host places an annotation by the file's path in the
 * repository, so paths are relative to the repository's root (forward slashes), and links to
 * docs/errors.md are absolute when the run knows its repository and commit (GitHub Actions does).
 */
export interface ReportTarget {
  /** The config, relative to the repository root; its absolute path when it lies outside. */
  file: string
  /** Whether `file` is relative to the repository root. */
  inRepository: boolean
  /** The repository root as a file: URL ending in `/` (SARIF's %SRCROOT%). */
  rootUri: string
  /** docs/errors.md relative to the root of its repository. */
  docsFile: string
  /** `https://github.com/owner/repo/blob/<sha>/`, when the environment says so. */
  blobBase?: string
}

type Env = Record<string, string | undefined>

/**
 * The root of the repository a file is in: GITHUB_WORKSPACE on GitHub Actions (when the file is in
 * it), else the nearest folder above it holding `.git` (a folder in a clone, a file in a
 * worktree), else the working folder.
 */
function repositoryRoot(file: string, env: Env): string {
  const workspace = env.GITHUB_WORKSPACE ? path.resolve(env.GITHUB_WORKSPACE) : undefined
  if (workspace && relativeTo(workspace, file).inside) return workspace
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir
    if (path.dirname(dir) === dir) return process.cwd()
  }
}

function relativeTo(base: string, file: string): { path: string; inside: boolean } {
  const relative = path.relative(base, path.resolve(file))
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
  return { path: (inside ? relative : path.resolve(file)).split(path.sep).join('/'), inside }
}

export function reportTarget(configPath: string, env: Env = process.env): ReportTarget {
  const repoRoot = repositoryRoot(configPath, env)
  // The docs belong to the checker's own repository, which need not be the config's.
  const docsPath = path.join(projectRoot, errorDocsFile)
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_SHA: sha } = env
  const config = relativeTo(repoRoot, configPath)
  return {
    file: config.path,
    inRepository: config.inside,
    rootUri: pathToFileURL(repoRoot).href.replace(/\/?$/, '/'),
    docsFile: relativeTo(repositoryRoot(docsPath, env), docsPath).path,
    ...(server && repository && sha ? { blobBase: `${server.replace(/\/$/, '')}/${repository}/blob/${sha}/` } : {}),
  }
}

/** docs/errors.md on the web, when the run knows its repository and commit. */
export function docsPageUrl(target: ReportTarget): string | undefined {
  return target.blobBase && encodeURI(target.blobBase + target.docsFile)
}

/** The section of docs/errors.md about a code: as a repository path, and as a web address when one is known. */
export function docsLink(target: ReportTarget, code: string): { docs: string; url?: string } {
  const anchor = errorAnchor(code)
  const page = docsPageUrl(target)
  return { docs: `${target.docsFile}#${anchor}`, ...(page ? { url: `${page}#${anchor}` } : {}) }
}

export type Severity = 'error' | 'warning' | 'notice'

/** One line of a report: problems fail the check (error), notices do not (notice). */
export interface ReportEntry {
  problem: Problem
  severity: Severity
}

/** Problems first (as the checker ranks them), then notices. */
export function reportEntries(outcome: CheckOutcome & { ran: true }): ReportEntry[] {
  return [...outcome.problems.map((problem) => ({ problem, severity: 'error' as const })), ...outcome.notices.map((problem) => ({ problem, severity: 'notice' as const }))]
}

/**
 * "2 problems in site.config.json" / "1 problem and 1 notice in site.config.json" / "1000 problems
 * in site.config.json; the first 100 are listed": the check's own counts, not the lists' lengths.
 */
export function countWords(outcome: CheckOutcome & { ran: true }, file: string): string {
  const problems = `${outcome.problemCount} ${outcome.problemCount === 1 ? 'problem' : 'problems'}`
  const notices = outcome.noticeCount > 0 ? ` and ${outcome.noticeCount} ${outcome.noticeCount === 1 ? 'notice' : 'notices'}` : ''
  const cut = outcome.problemCount > outcome.problems.length || outcome.noticeCount > outcome.notices.length
  return `${problems}${notices} in ${file}${cut ? `; the first ${SHOWN_PROBLEMS} are listed` : ''}`
}
