import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { Library, MediaAnswer } from './media-requests'
import { MediaLibrary } from './MediaLibrary'

const config = siteConfig as unknown as SiteConfig
const library: Library = {
  folders: ['', 'partners'],
  images: [
    { src: '/images/logo.svg', folder: '', bytes: 812, size: { width: 32, height: 32 } },
    { src: '/images/partners/fortinet.svg', folder: 'partners', bytes: 2150, size: { width: 160, height: 60 } },
    { src: '/images/partners/unused-vendor.png', folder: 'partners', bytes: 48_300, size: { width: 320, height: 120 } },
  ],
}

/** The pages and blocks of the site that show Fortinet's logo, worked out from the config on its own. */
const fortinetPlaces = config.routes.flatMap((route) =>
  route.blocks.flatMap((block, index) =>
    block.type === 'logoStrip' && block.logos.some((logo) => logo.src === '/images/partners/fortinet.svg')
      ? [`${route.title} (${route.path}) › block ${index + 1} (Logo strip)`]
      : [],
  ),
)

type Remove = (src: string) => Promise<MediaAnswer<{ deleted: string }>>

function show(draft: SiteConfig = config, remove = vi.fn<Remove>(async (src) => ({ ok: true, deleted: src }))) {
  render(
    <MantineProvider>
      <MediaLibrary library={library} config={draft} label="site.config.json" upload={vi.fn()} remove={remove} />
    </MantineProvider>,
  )
  return remove
}
const card = (src: string) => screen.getByRole('listitem', { name: src })

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('the Pictures screen', { timeout: 30_000 }, () => {
  it('lists each picture with its size and every place the config shows it', () => {
    show()
    expect(fortinetPlaces.length).toBeGreaterThan(1)
    const fortinet = within(card('/images/partners/fortinet.svg'))
    expect(fortinet.getByText('160 × 60 px · 2.1 KB')).toBeTruthy()
    expect(fortinet.getAllByRole('listitem').map((item) => item.textContent)).toEqual(fortinetPlaces)
    expect(within(card('/images/logo.svg')).getByText('Site settings › logo')).toBeTruthy()
    expect(within(card('/images/partners/unused-vendor.png')).getByText('Not used in this config')).toBeTruthy()
  })

  it('follows the unsaved config: a logo just picked is in use before it is saved', () => {
    show({ ...config, site: { ...config.site, logo: { src: '/images/partners/unused-vendor.png', alt: 'X', width: 160, height: 60 } } })
    expect(within(card('/images/partners/unused-vendor.png')).getByText('Site settings › logo')).toBeTruthy()
    expect(within(card('/images/logo.svg')).getByText('Not used in this config')).toBeTruthy()
  })

  it('refuses to delete a picture in use, saying where it is used, without asking the server', () => {
    const remove = show()
    fireEvent.click(screen.getByRole('button', { name: 'Delete /images/logo.svg' }))
    expect(within(card('/images/logo.svg')).getByRole('alert').textContent).toBe(
      '/images/logo.svg is in use, so it was not deleted. It is shown at Site settings › logo: choose another picture there first.',
    )
    expect(remove).not.toHaveBeenCalled()
  })

  it('deletes an unused picture once confirmed, and shows the server’s refusal when the saved file still uses it', async () => {
    const refusal = 'The saved site.config.json still uses it at Site settings › logo: save your change first.'
    const remove = show(
      config,
      vi.fn<Remove>(async () => ({ ok: false, message: refusal })),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete /images/partners/unused-vendor.png' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the file' }))
    expect(remove).toHaveBeenCalledWith('/images/partners/unused-vendor.png')
    expect((await within(card('/images/partners/unused-vendor.png')).findByRole('alert')).textContent).toBe(refusal)
  })
})
