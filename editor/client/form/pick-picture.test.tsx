import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setIn, type JsonPath } from '../state/json-path'
import { FieldContext } from './field-context'
import { SchemaField } from './SchemaField'
import { schemaFile } from '../schema/schema-refs'
import type { PictureFieldSupport } from '../media/picture-field-support'

// jsdom draws nothing, so it has no scrollIntoView; Mantine's list scrolls its selected option into view.
Element.prototype.scrollIntoView ??= () => {}

const strip = { type: 'logoStrip', logos: [{ src: '/images/partners/fortinet.svg', alt: 'Fortinet', width: 160, height: 60 }] }
const pictures: PictureFieldSupport = {
  folders: ['', 'partners'],
  sizeOf: (src) => (src === '/images/partners/wide-vendor.png' ? { width: 360, height: 120 } : { width: 160, height: 60 }),
  kindAt: () => 'logo',
  upload: vi.fn(),
  backdropAt: () => '#ffffff',
  onConfigChange: () => () => {},
}

function StripForm({ seen }: { seen(block: unknown): void }) {
  const [block, setBlock] = useState<unknown>(strip)
  const change = (path: JsonPath, value: unknown) => {
    const next = setIn({ block }, path, value).block
    seen(next)
    setBlock(next)
  }
  return (
    <MantineProvider>
      <FieldContext.Provider value={{ change, problems: new Map(), routes: [], images: ['/images/partners/fortinet.svg', '/images/partners/wide-vendor.png'], pictures }}>
        <SchemaField name="block" schema={schemaFile('blocks/logoStrip.schema.json')!} value={block} path={['block']} required />
      </FieldContext.Provider>
    </MantineProvider>
  )
}

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('picking a picture in an image field', { timeout: 30_000 }, () => {
  it('sets its width and height too, keeping the strip’s logo height', async () => {
    let latest: unknown = strip
    render(<StripForm seen={(block) => (latest = block)} />)
    fireEvent.click(screen.getByRole('combobox', { name: /^Src/ }))
    fireEvent.click(await screen.findByRole('option', { name: '/images/partners/wide-vendor.png' }))
    expect((latest as typeof strip).logos[0]).toEqual({ src: '/images/partners/wide-vendor.png', alt: 'Fortinet', width: 180, height: 60 })
    expect(screen.getByRole('button', { name: 'Upload…' })).toBeTruthy()
  })
})
