import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { LogoStripBlock } from '../../site/generated/site-config'
import { expectNoAxeViolations, renderInSite, schemaExamples, asRendered } from '../../tests/helpers/render-block'
import LogoStrip from './LogoStrip'

const [example] = schemaExamples<LogoStripBlock>('logoStrip')
const logo = (n: number) => ({ src: `/images/logos/vendor-${n}.svg`, alt: `Vendor ${n}`, width: 160, height: 48 })

describe('logoStrip block', () => {
  it('renders its schema example: every logo once for screen readers, with its size, a short strip loaded with the page at low priority', async () => {
    const { container } = await renderInSite(<LogoStrip {...example!} />)
    const images = screen.getAllByRole('img')
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(example!.logos.map((l) => l.alt))
    for (const [index, img] of images.entries()) {
      expect(img.getAttribute('width')).toBe(String(example!.logos[index]!.width))
      expect(img.getAttribute('height')).toBe(String(example!.logos[index]!.height))
      // A lazy logo in view would pop in late as the strip moves, leaving a gap.
      expect(img.getAttribute('loading')).toBeNull()
      expect(img.getAttribute('fetchpriority')).toBe('low')
    }
    await expectNoAxeViolations(container)
  })

  it('loads the first screenful of a long strip with the page and the rest lazily, as they near the view', async () => {
    const logos = Array.from({ length: 20 }, (_, n) => logo(n)) as LogoStripBlock['logos']
    const { container } = await renderInSite(<LogoStrip {...asRendered({ type: 'logoStrip', logos })} />)
    const [row, copy] = container.querySelectorAll('ul')
    const loading = (list: Element) => Array.from(list.querySelectorAll('img'), (img) => img.getAttribute('loading'))
    const expected = [...Array<null>(8).fill(null), ...Array<string>(12).fill('lazy')]
    expect(loading(row!)).toEqual(expected)
    // The copy that slides in behind the row shows the same files, loaded the same way.
    expect(loading(copy!)).toEqual(expected)
  })

  it('duplicates the row, hidden from screen readers, for a seamless loop', async () => {
    const [first, ...rest] = Array.from({ length: 14 }, (_, n) => logo(n))
    const logos: LogoStripBlock['logos'] = [first!, ...rest]
    const { container } = await renderInSite(<LogoStrip {...asRendered({ type: 'logoStrip', logos, durationSeconds: 100 })} />)
    const rows = container.querySelectorAll('ul')
    expect(rows).toHaveLength(2)
    expect(rows[1]!.getAttribute('aria-hidden')).toBe('true')
    expect(rows[0]!.querySelectorAll('img')).toHaveLength(14)
    expect(rows[1]!.querySelectorAll('img')).toHaveLength(14)
    expect((container.querySelector('[style]') as HTMLElement).style.getPropertyValue('--strip-duration')).toBe('100s')
  })

  it('repeats a short list to fill the row, keeping the given time per pass of the list', async () => {
    const { container } = await renderInSite(<LogoStrip {...asRendered({ type: 'logoStrip', logos: [logo(1), logo(2), logo(3)], durationSeconds: 15 })} />)
    const [row] = container.querySelectorAll('ul')
    expect(row!.querySelectorAll('img')).toHaveLength(12)
    expect(row!.querySelectorAll('li:not([aria-hidden])')).toHaveLength(3)
    expect((container.querySelector('[style]') as HTMLElement).style.getPropertyValue('--strip-duration')).toBe('60s')
  })

  it('pauses on hover only when asked to', async () => {
    const { container } = await renderInSite(<LogoStrip {...asRendered({ type: 'logoStrip', logos: [logo(1)], pauseOnHover: true })} />)
    expect(container.querySelector('[data-pause-on-hover]')).not.toBeNull()
  })
})
