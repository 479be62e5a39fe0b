import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { config } from '../../../kit/config'
import { icons } from '../../../kit/icons'
import { loadShellIcons } from '../../../kit/ShellIcon'
import type { Footer as FooterConfig, IconName, SiteSettings } from '../../../site/generated/site-config'
import { hydrateInSite, renderInSite } from '../../../tests/helpers/render-block'
import { Footer } from './Footer'
import { withBrandDefaults } from '../../../site/brand-defaults'
import { knownNetworkNames } from '../../../site/social-networks'
import siteSettingsSchema from '../../../schemas/defs/site-settings.schema.json'

/** The settings as the shell has them: the networks' names and icons filled in by the build. */
const site = (social: SiteSettings['social']): SiteSettings => withBrandDefaults({ ...config.site, name: 'Asha Dental', social })
const oneColumn: FooterConfig = { columns: [{ title: 'Treatments', links: [{ label: 'Braces', to: '/braces' }] }] }

/** Each social link's accessible name and the Tabler icon it draws. */
async function socialLinks(social: SiteSettings['social']) {
  await renderInSite(<Footer site={site(social)} footer={oneColumn} texts={config.texts.footer} />)
  const row = screen.getByRole('list', { name: config.texts.footer.socialMedia })
  return within(row)
    .getAllByRole('link')
    .map((link) => ({
      name: link.getAttribute('aria-label'),
      href: link.getAttribute('href'),
      icon: /tabler-icon-([\w-]+)$/.exec(link.querySelector('svg')!.getAttribute('class')!)?.[1],
    }))
}

// A page loads just the icons its config names (kit/ShellIcon.tsx); these tests name others too.
beforeAll(() => loadShellIcons(Object.keys(icons) as IconName[]))

describe('the footer', () => {
  it("draws the known networks with their own icon and spelling, in the config's order", async () => {
    const shipped = ['facebook', 'twitter', 'linkedin', 'instagram', 'youtube'].map((network) => ({ network, url: `https://example.org/${network}` }))
    expect(await socialLinks(shipped)).toEqual([
      { name: 'Asha Dental on Facebook', href: 'https://example.org/facebook', icon: 'brand-facebook' },
      { name: 'Asha Dental on Twitter', href: 'https://example.org/twitter', icon: 'brand-x' },
      { name: 'Asha Dental on LinkedIn', href: 'https://example.org/linkedin', icon: 'brand-linkedin' },
      { name: 'Asha Dental on Instagram', href: 'https://example.org/instagram', icon: 'brand-instagram' },
      { name: 'Asha Dental on YouTube', href: 'https://example.org/youtube', icon: 'brand-youtube' },
    ])
  })

  it('draws a network it does not know with a plain link icon under the name as written; an entry may name its own icon and name', async () => {
    expect(
      await socialLinks([
        { network: 'Practo', url: 'https://www.practo.com/asha' },
        { network: 'Justdial', url: 'https://www.justdial.com/asha', icon: 'star' },
        { network: 'Mastodon', url: 'https://mastodon.social/@asha' },
        { network: 'xing', url: 'https://www.xing.com/pages/asha', name: 'Xing', icon: 'briefcase' },
      ]),
    ).toEqual([
      { name: 'Asha Dental on Practo', href: 'https://www.practo.com/asha', icon: 'link' },
      { name: 'Asha Dental on Justdial', href: 'https://www.justdial.com/asha', icon: 'star' },
      { name: 'Asha Dental on Mastodon', href: 'https://mastodon.social/@asha', icon: 'brand-mastodon' },
      { name: 'Asha Dental on Xing', href: 'https://www.xing.com/pages/asha', icon: 'briefcase' },
    ])
  })

  it('shows each link column under its own heading, in order', async () => {
    const footer: FooterConfig = {
      columns: [
        {
          title: 'Treatments',
          links: [
            { label: 'Braces', to: '/braces' },
            { label: 'Implants', to: '/implants' },
          ],
        },
        { title: 'Practice', links: [{ label: 'Our team', to: '/team' }] },
      ],
    }
    await renderInSite(<Footer site={site([])} footer={footer} texts={config.texts.footer} />)
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(headings).toEqual(['Asha Dental', 'Treatments', 'Practice', config.texts.footer.offices, config.texts.footer.contact])
    const linksUnder = (title: string) =>
      within(screen.getByRole('heading', { name: title }).parentElement!)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')])
    expect(linksUnder('Treatments')).toEqual([
      ['Braces', '/braces'],
      ['Implants', '/implants'],
    ])
    expect(linksUnder('Practice')).toEqual([['Our team', '/team']])
  })

  it('knows exactly the networks the schema tells authors it knows', () => {
    const description = siteSettingsSchema.properties.social.items.properties.network.description
    const listed = /Known networks get their own icon and spelling: ([a-z, ]+) \(/.exec(description)![1]!.split(', ')
    expect(listed).toEqual(knownNetworkNames())
  })

  it("writes the copyright year in the site's own digits, the same before and after hydration", async () => {
    const bengali = { ...site([]), locale: 'bn-IN' }
    const { prerendered, container } = await hydrateInSite(<Footer site={bengali} footer={oneColumn} texts={{ ...config.texts.footer, copyright: '© {year} {holder}' }} />)
    const year = new Date().getFullYear()
    const bengaliYear = [...String(year)].map((digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]).join('')
    expect(prerendered).toContain(bengaliYear)
    expect(container.textContent).toContain(`© ${bengaliYear} Asha Dental`)
  })
})
