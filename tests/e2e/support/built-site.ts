import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from '@playwright/test'
import type { SiteServer } from '../../../scripts/harness/site-server.ts'
import { root } from '../../../scripts/lib/paths.ts'
import type { SmtpTestServer } from '../../server/support/smtp-test-server.ts'
import { serveBuild, type ServedBuild } from '../../helpers/served-build.ts'

/**
 * Another business's site folder (SITE_DIR: its config and public/) built into a temporary folder
 * before the file's tests and served by the production server, its mail taken by a local SMTP
 * server; everything stopped and removed after them. The fields are set once the tests run.
 */
export function builtSiteSession(siteDir: string, env: Record<string, string> = {}) {
  const session = { server: undefined as unknown as SiteServer, smtp: undefined as unknown as SmtpTestServer, outDir: '' }
  let scratch = ''
  let served: ServedBuild | undefined
  test.beforeAll(async () => {
    // A whole build of the site: seconds on a quiet machine, far more beside other work.
    test.setTimeout(180_000)
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), `${path.basename(siteDir)}-e2e-`))
    session.outDir = path.join(scratch, 'dist')
    execFileSync('npx', ['tsx', 'scripts/build.ts'], { cwd: root, env: { ...process.env, SITE_DIR: siteDir, SITE_CONFIG: '', SITE_OUT_DIR: session.outDir }, stdio: 'pipe' })
    served = await serveBuild(session.outDir, env)
    ;({ server: session.server, smtp: session.smtp } = served)
  })
  test.afterAll(async () => {
    await served?.stop()
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
  })
  return session
}
