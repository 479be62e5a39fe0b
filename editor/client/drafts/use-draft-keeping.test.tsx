import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SiteConfig } from '../../../site/generated/site-config'
import { findDrafts } from './draft-storage'
import { useDraftKeeping, type DraftKeepingInput } from './use-draft-keeping'

const file = { site: { name: 'As in the file' } } as unknown as SiteConfig
const edited = { site: { name: 'Edited' } } as unknown as SiteConfig
const label = 'site.config.json'

/** The hook as the editor page uses it; `restored` records what it is asked to put back. */
function openEditor(input: Partial<DraftKeepingInput> = {}) {
  const restored: SiteConfig[] = []
  const props: DraftKeepingInput = { storage: localStorage, label, version: 'v1', config: file, dirty: false, restoreDraft: (config) => restored.push(config), ...input }
  const hook = renderHook((current: DraftKeepingInput) => useDraftKeeping(current), { initialProps: props })
  return { ...hook, restored, props }
}
const kept = (version = 'v1') => findDrafts(localStorage, label, version).same?.config

beforeEach(() => {
  localStorage.clear()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('unsaved edits kept in the browser', () => {
  it('keeps the draft while it differs from the file, and offers it back when the editor opens again', () => {
    const before = openEditor()
    before.rerender({ ...before.props, config: edited, dirty: true })
    act(() => vi.advanceTimersByTime(1000))
    expect(kept()).toEqual(edited)
    before.unmount()

    const after = openEditor()
    expect(after.result.current.offered?.config).toEqual(edited)
    act(() => after.result.current.restore())
    expect(after.restored).toEqual([edited])
    expect(after.result.current.offered).toBeNull()
  })

  it('writes nothing over an offered draft until it is answered, and forgets it when discarded', () => {
    const before = openEditor()
    before.rerender({ ...before.props, config: edited, dirty: true })
    act(() => vi.advanceTimersByTime(1000))
    before.unmount()

    const after = openEditor()
    act(() => vi.advanceTimersByTime(1000))
    expect(kept()).toEqual(edited)
    act(() => after.result.current.discard())
    expect(kept()).toBeUndefined()
    after.unmount()
    expect(openEditor().result.current.offered).toBeNull()
  })

  it('drops the draft once saved: the version it was made from is gone, and the saved one has none', () => {
    const editor = openEditor()
    editor.rerender({ ...editor.props, config: edited, dirty: true })
    act(() => vi.advanceTimersByTime(1000))
    editor.rerender({ ...editor.props, version: 'v2', config: edited, dirty: false })
    act(() => vi.advanceTimersByTime(1000))
    expect([kept('v1'), kept('v2')]).toEqual([undefined, undefined])
  })

  it('asks before the page is left with unsaved edits, and keeps the very last edit then', () => {
    const editor = openEditor()
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(leave()).toBe(false)
    editor.rerender({ ...editor.props, config: edited, dirty: true })
    // No time for the usual pause after typing: leaving writes it at once.
    expect(leave()).toBe(true)
    expect(kept()).toEqual(edited)
  })

  it('says so when the browser keeps nothing', () => {
    expect(openEditor({ storage: null }).result.current.keepingFailed).toBe(true)
  })
})
