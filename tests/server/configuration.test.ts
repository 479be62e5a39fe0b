// @vitest-environment node
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { ConfigurationError, CONFIGURATION_EXIT_CODE, readServerConfig } from '../../server/settings/config.ts'
import { SETTINGS } from '../../server/settings/settings-table.ts'
import { root } from '../../scripts/lib/paths.ts'
import { makeTinyDist } from './support/tiny-site.ts'

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    readServerConfig(env)
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems
    throw error
  }
  return []
}

/** The production server started as an operator would, with only `env` set. */
function startServer(env: NodeJS.ProcessEnv) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/compose/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, DIST_DIR: makeTinyDist(), ...env },
    encoding: 'utf8',
    timeout: 20_000,
  })
  return { status: run.status, stderr: run.stderr.trim().split('\n') }
}

describe('the settings (server/settings/config.ts)', () => {
  it('start with none at all', () => {
    expect(problemsOf({})).toEqual([])
    expect(readServerConfig({}).port).toBe(Number(SETTINGS.port.default))
  })

  it('names every malformed value at once, with what to set instead', () => {
    const problems = problemsOf({
      PORT: '80a',
      LOG_LEVEL: 'loud',
      HSTS: 'yes',
      MAIL_CONCURRENCY: '0',
      MAIL_FROM: 'not an address',
      MAIL_TO_QUOTE: 'sales@example.com, nobody',
      REDIS_URL: 'localhost:6379',
    })
    expect(problems).toEqual([
      'PORT="80a": must be a whole number from 0 to 65535.',
      'MAIL_FROM="not an address": "not an address" is not a mail address; write addresses like forms@example.com, separated by commas.',
      'MAIL_CONCURRENCY="0": must be a whole number from 1 to 100.',
      'REDIS_URL (value not shown): must start with redis:// or rediss://, like redis://127.0.0.1:6379.',
      'HSTS="yes": must be 0 (off) or 1 (on).',
      'LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent.',
      'MAIL_TO_QUOTE="sales@example.com, nobody": "nobody" is not a mail address; write addresses like forms@example.com, separated by commas.',
    ])
  })

  it('takes a METRICS_TOKEN only when it is long enough and fits a bearer header, and never repeats it', () => {
    expect(readServerConfig({ METRICS_TOKEN: 'c0ffee'.repeat(6) }).metricsToken).toBe('c0ffee'.repeat(6))
    expect(readServerConfig({}).metricsToken).toBeUndefined()
    const problems = [...problemsOf({ METRICS_TOKEN: 'short-secret' }), ...problemsOf({ METRICS_TOKEN: 'a long secret with spaces in it' })]
    expect(problems).toEqual([
      'METRICS_TOKEN (value not shown): use at least 16 characters, e.g. the output of `openssl rand -hex 32`.',
      'METRICS_TOKEN (value not shown): use letters, digits and - . _ ~ + / only, e.g. the output of `openssl rand -hex 32`.',
    ])
  })

  it('never repeats a value that may hold a password', () => {
    const [problem] = problemsOf({ SMTP_URL: 'http://user:s3cret@mail.example.com' })
    expect(problem).toMatch(/^SMTP_URL \(value not shown\): must start with smtp:\/\/ or smtps:\/\//)
    expect(problem).not.toContain('s3cret')
  })

  it('refuses a retry schedule that shrinks', () => {
    expect(problemsOf({ MAIL_RETRY_BASE_MS: '5000', MAIL_RETRY_MAX_MS: '1000' })).toEqual([
      'MAIL_RETRY_BASE_MS (5000) is longer than MAIL_RETRY_MAX_MS (1000): set the first delay below the longest.',
    ])
  })

  it('reads REDIS_URL once, beside the port: the forms, the editor and the versions command all take it from there', () => {
    const config = readServerConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379')
    expect(config.forms).not.toHaveProperty('redisUrl')
    expect(config.editor).not.toHaveProperty('redisUrl')
  })

  it('gives every unset setting its default, and leaves out one that has none', () => {
    const config = readServerConfig({})
    expect(config.timeouts).toEqual({ headersMs: 20_000, requestMs: 60_000, keepAliveMs: 5000 })
    expect(config.editor).toMatchObject({ enabled: false, idleMs: 30 * 60_000, maxMs: 12 * 60 * 60_000, versionsKept: 50, builtKept: 5 })
    expect(config.forms).toMatchObject({ retryBaseMs: 5000, retryMaxMs: 15 * 60_000, maxAgeMs: 5 * 24 * 60 * 60_000, mailTo: ['forms@example.com'], mailToByForm: {} })
    for (const unset of ['host', 'metricsToken', 'redisUrl']) expect(config).not.toHaveProperty(unset)
    for (const unset of ['smtpUrl', 'webhookUrl', 'webhookSecret', 'altchaHmacKey']) expect(config.forms).not.toHaveProperty(unset)
  })

  it('takes an empty or blank variable as unset', () => {
    expect(problemsOf({ PORT: '', MAIL_FROM: '   ', SMTP_URL: ' ' })).toEqual([])
    expect(readServerConfig({ PORT: ' ', EDITOR_BUILT_KEPT: '' })).toMatchObject({ port: 3000, editor: { builtKept: 5 } })
  })

  it("counts a variable as a form's only when what follows the setting's name could be a form's name", () => {
    const { forms } = readServerConfig({
      MAIL_TO_: 'a@example.com',
      'MAIL_TO_../../etc': 'b@example.com',
      MAIL_TO_contact: 'c@example.com',
      MAIL_TO___PROTO__: 'd@example.com',
      WEBHOOK_URL_CONTACT: 'https://crm.example.com/hook',
    })
    expect(Object.getPrototypeOf(forms.mailToByForm)).toBe(Object.prototype)
    expect(Object.entries(forms.mailToByForm)).toEqual([['--proto--', ['d@example.com']]])
    expect(forms.webhookUrlByForm).toEqual({ contact: 'https://crm.example.com/hook' })
  })

  it("reads every MAIL_TO_<NAME> by the form it names, hyphens as underscores (the site's forms are its config's, not the server's)", () => {
    const { forms } = readServerConfig({ MAIL_TO_BOOK_APPOINTMENT: 'desk@example.com', MAIL_TO_CONTACT: 'a@example.com, b@example.com' })
    expect(forms.mailToByForm).toEqual({ 'book-appointment': ['desk@example.com'], contact: ['a@example.com', 'b@example.com'] })
  })
})

describe('the server started with a wrong setting', () => {
  it('prints one line per problem, no stack trace, and exits with the configuration code', () => {
    const { status, stderr } = startServer({ PORT: 'eighty' })
    expect(status).toBe(CONFIGURATION_EXIT_CODE)
    expect(stderr).toEqual(['Configuration: PORT="eighty": must be a whole number from 0 to 65535.', 'Not started: fix this setting (README, "Environment variables").'])
  }, 30_000)

  it("refuses recipients of a form the site does not declare, and real mail that no form's recipients receive", () => {
    const { status, stderr } = startServer({ SMTP_URL: 'smtp://mail.example.com', MAIL_TO_QOUTE: 'sales@example.com' })
    expect(status).toBe(CONFIGURATION_EXIT_CODE)
    expect(stderr).toEqual([
      'Configuration: MAIL_TO_QOUTE names no form of this site; its forms are contact, quote, career (MAIL_TO_<NAME>, hyphens as underscores).',
      'Configuration: MAIL_TO is not set, but SMTP_URL is: set MAIL_TO to the mailboxes that receive the forms (or MAIL_TO_CONTACT, MAIL_TO_QUOTE, MAIL_TO_CAREER).',
      'Not started: fix these 2 settings (README, "Environment variables").',
    ])
  }, 30_000)

  it('says so when DIST_DIR holds no built site', () => {
    const { status, stderr } = startServer({ DIST_DIR: root + '/no-such-folder' })
    expect(status).toBe(CONFIGURATION_EXIT_CODE)
    expect(stderr[0]).toMatch(/^Configuration: DIST_DIR=".*no-such-folder": no built site there; run `npm run build`/)
    expect(stderr.join('\n')).not.toMatch(/^\s+at /m)
  }, 30_000)
})
