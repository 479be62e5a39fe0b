import { renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { useMediaLibrary } from './use-media-library'

const shipped = siteConfig as unknown as SiteConfig
const library = { folders: ['images/partners/'], images: [{ src: '/images/partners/fortinet.svg', size: { width: 160, height: 60 }, bytes: 400 }] }

afterEach(() => vi.unstubAllGlobals())

describe('the media library of the editor page', () => {
  it('hands the image fields the same support while only the config changes, so typing re-renders no other field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(library), { headers: { 'content-type': 'application/json' } })),
    )
    const setImages = vi.fn()
    const { result, rerender } = renderHook(({ config }) => useMediaLibrary({ config, setImages }), { initialProps: { config: shipped } })
    await waitFor(() => expect(setImages).toHaveBeenCalledWith(['/images/partners/fortinet.svg']))
    const before = result.current.fields
    const typed = { ...shipped, site: { ...shipped.site, phone: '+91 33 4000 5555' } }
    rerender({ config: typed })
    expect(result.current.fields).toBe(before)
    // Yet a picture picked now is sized by the config as it is now: a logo strip's logo is a logo.
    const strip = typed.routes.findIndex((route) => route.blocks.some((block) => block.type === 'logoStrip'))
    const block = typed.routes[strip]!.blocks.findIndex((candidate) => candidate.type === 'logoStrip')
    expect(result.current.fields.kindAt(['routes', strip, 'blocks', block, 'logos', 0])).toBe('logo')
  })

  it('tries the first load again when the server fails it, so the Upload menu gets its folders', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const answers = [new Response('busy', { status: 503 }), new Response(JSON.stringify(library), { headers: { 'content-type': 'application/json' } })]
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answers.shift()),
      )
      const setImages = vi.fn()
      const { result } = renderHook(() => useMediaLibrary({ config: shipped, setImages }))
      await vi.advanceTimersByTimeAsync(2500)
      await waitFor(() => expect(result.current.fields.folders).toEqual(['images/partners/']))
      expect(result.current.fields.unavailable).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('says the folders could not be loaded once every try failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const fetched = vi.fn(async () => new Response('down', { status: 502 }))
      vi.stubGlobal('fetch', fetched)
      const setImages = vi.fn()
      const { result } = renderHook(() => useMediaLibrary({ config: shipped, setImages }))
      await vi.advanceTimersByTimeAsync(20_000)
      await waitFor(() => expect(result.current.fields.unavailable).toBe(true))
      expect([result.current.fields.folders, fetched.mock.calls.length]).toEqual([[], 4])
    } finally {
      vi.useRealTimers()
    }
  })
})
