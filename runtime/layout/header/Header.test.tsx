import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInSite } from '../../../tests/helpers/render-block'
import { Header } from './Header'

const logo = { src: '/images/logo.svg', alt: 'Asha Dental', width: 40, height: 28 }

describe('the header', () => {
  it("shows the config's logo at its size, beside the site's name, in the link home (the name read once)", async () => {
    await renderInSite(<Header siteName="Asha Dental" logo={logo} items={[]} transparent={false} />)
    const home = screen.getByRole('link', { name: 'Asha Dental home' })
    const image = home.querySelector('img')!
    expect([image.getAttribute('src'), image.getAttribute('alt'), image.getAttribute('width'), image.getAttribute('height')]).toEqual(['/images/logo.svg', '', '40', '28'])
    expect(home.textContent).toBe('Asha Dental')
    expect(home.querySelector('svg')).toBeNull()
  })

  it("without a logo shows the site's name alone, with no picture", async () => {
    await renderInSite(<Header siteName="Asha Dental" items={[]} transparent={false} />)
    const home = screen.getByRole('link', { name: 'Asha Dental home' })
    expect(home.textContent).toBe('Asha Dental')
    expect(home.querySelector('img, svg')).toBeNull()
  })

  it('a logo that spells out the name shows alone', async () => {
    await renderInSite(<Header siteName="Asha Dental" logo={logo} logoShowsName items={[]} transparent={false} />)
    const home = screen.getByRole('link', { name: 'Asha Dental home' })
    expect(home.querySelector('img')?.getAttribute('alt')).toBe('Asha Dental')
    expect(home.textContent).toBe('')
  })
})
