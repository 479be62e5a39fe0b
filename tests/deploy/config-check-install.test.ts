// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { installBytes, installForConfigCheck, runConfigCheck } from '../../scripts/lib/config-check-install.ts'
import { root } from '../../scripts/lib/paths.ts'
import { copyWorkingTree } from '../../scripts/lib/working-tree.ts'

/** The pull request's fast job must stay light: an install of at most this much. */
const CONFIG_CHECK_INSTALL_LIMIT_MB = 60

const copy = mkdtempSync(join(tmpdir(), 'site-config-check-'))
afterAll(() => rmSync(copy, { recursive: true, force: true }))

describe("the pull request's site-config job", () => {
  it('checks the config with only the runtime dependencies installed and annotates the line of a mistake', () => {
    // The files of a clean clone, with the work not yet committed.
    copyWorkingTree(root, copy)
    installForConfigCheck(copy)
    for (const devOnly of ['tsx', 'typescript', 'vite', '@playwright/test', 'react'])
      expect(existsSync(join(copy, 'node_modules', devOnly)), `${devOnly} is not installed`).toBe(false)
    // The project's Node, from the lockfile with its integrity and no install script: the check runs on it.
    const node = spawnSync(join(copy, 'node_modules', '.bin', 'node'), ['--version'], { encoding: 'utf8' })
    expect(node.stdout.trim()).toBe(`v${readFileSync(join(root, '.nvmrc'), 'utf8').trim()}`)
    const bytes = installBytes(join(copy, 'node_modules'))
    const installedMb = bytes.packages / 1024 / 1024
    console.log(
      `config-check install: ${installedMb.toFixed(1)} MB of packages in node_modules (limit ${CONFIG_CHECK_INSTALL_LIMIT_MB} MB), and the Node runtime's ${(bytes.runtime / 1024 / 1024).toFixed(1)} MB`,
    )
    expect(installedMb).toBeLessThan(CONFIG_CHECK_INSTALL_LIMIT_MB)

    const clean = runConfigCheck(copy, [], { GITHUB_ACTIONS: 'true' })
    expect(clean.stderr).toBe('')
    expect(clean.status).toBe(0)
    expect(clean.stdout).toMatch(/site\.config\.json: \d+ routes, 0 problems/)

    // A misspelt icon, as a person editing in the Git host's web editor might leave it.
    const text = readFileSync(join(copy, 'site.config.json'), 'utf8')
    const at = text.indexOf('"icon": "shield-lock"')
    expect(at).toBeGreaterThan(0)
    writeFileSync(join(copy, 'site.config.json'), text.replace('"icon": "shield-lock"', '"icon": "shield-lok"'))
    const line = text.slice(0, at).split('\n').length
    const broken = runConfigCheck(copy, [], { GITHUB_ACTIONS: 'true' })
    expect(broken.status).toBe(1)
    expect(broken.stdout).toMatch(new RegExp(`^::error file=site\\.config\\.json,line=${line},col=\\d+.*title=\\[unknown-icon\\]::.*shield-lock`, 'm'))
  }, 300_000)
})
