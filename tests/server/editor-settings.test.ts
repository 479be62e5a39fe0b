import { describe, expect, it } from 'vitest'
import { ConfigurationError, readServerConfig } from '../../server/settings/config.ts'

describe('the editor settings', () => {
  it('leave the editor off unless EDITOR is on', () => {
    expect(readServerConfig({}).editor.enabled).toBe(false)
    expect(readServerConfig({ EDITOR: 'on' }).editor.enabled).toBe(true)
    expect(readServerConfig({ EDITOR: 'off' }).editor.enabled).toBe(false)
  })

  it('take a shell’s text editor in EDITOR as off, and say so', () => {
    const config = readServerConfig({ EDITOR: 'vim' })
    expect(config.editor.enabled).toBe(false)
    expect(config.notices.join('\n')).toContain('EDITOR="vim" is not on or off')
  })

  it('refuse an idle time longer than the longest session', () => {
    expect(() => readServerConfig({ EDITOR_SESSION_IDLE_MS: '7200000', EDITOR_SESSION_MAX_MS: '3600000' })).toThrow(ConfigurationError)
  })
})
