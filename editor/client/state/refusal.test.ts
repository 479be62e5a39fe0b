import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { EditorProblem } from '../api/editor-api'
import { refusalStands } from './refusal'

const refused = { routes: [] } as unknown as SiteConfig
const fixed = { routes: [{ path: '/' }] } as unknown as SiteConfig
const problem = { path: ['site', 'phone'], message: 'The phone number is too short.' } as EditorProblem
const refusal = { kind: 'refused', sent: refused }

describe('the notice of a refused save', () => {
  it('stands while the draft is the one refused, while the new draft is being checked, and while the check still finds a problem', () => {
    expect(refusalStands(refusal, { draft: refused, checking: false, problems: [] })).toBe(true)
    expect(refusalStands(refusal, { draft: fixed, checking: true, problems: [] })).toBe(true)
    expect(refusalStands(refusal, { draft: fixed, checking: false, problems: [problem] })).toBe(true)
  })

  it('goes once the draft has changed and the check of it finds nothing wrong', () => {
    expect(refusalStands(refusal, { draft: fixed, checking: false, problems: [] })).toBe(false)
  })

  it('leaves every other outcome alone', () => {
    for (const kind of ['idle', 'saving', 'saved', 'conflict', 'failed']) expect(refusalStands({ kind }, { draft: fixed, checking: false, problems: [] })).toBe(true)
  })
})
