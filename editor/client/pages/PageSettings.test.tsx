import { fireEvent, screen as page, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { renderEditing } from '../test-support/render-editing'
import { PageSettings } from './PageSettings'

const shipped = siteConfig as unknown as SiteConfig
const about = shipped.routes.findIndex((route) => route.path === '/about')
const aboutMenuEntry = shipped.navigation.items.findIndex((entry) => 'to' in entry && entry.to === '/about')

function openAbout() {
  return renderEditing(shipped, (config, replace) => <PageSettings config={config} routeIndex={about} onAddressChange={(next) => replace(next)} />)
}
const settings = () => within(page.getByRole('region', { name: 'Page settings' }))

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('a page’s settings', { timeout: 60_000 }, () => {
  it('edits the title and description of the page at its place', () => {
    const { config } = openAbout()
    expect(settings().getByRole('textbox', { name: 'Path' })).toHaveProperty('value', '/about')
    fireEvent.change(settings().getByRole('textbox', { name: 'Title' }), { target: { value: 'About Eastbridge' } })
    fireEvent.change(settings().getByRole('textbox', { name: 'Description' }), { target: { value: 'Who we are.' } })
    expect(config().routes[about]).toEqual({ ...shipped.routes[about], title: 'About Eastbridge', description: 'Who we are.' })
  })

  it('adds a share image of the page’s own, whose picture and words are then asked for', () => {
    const { config } = openAbout()
    fireEvent.click(settings().getByRole('button', { name: 'Add share image' }))
    expect(config().routes[about]!.shareImage).toEqual({ src: '', alt: '' })
    fireEvent.change(settings().getByRole('textbox', { name: /^Alt/ }), { target: { value: 'Our office in Kolkata' } })
    expect(config().routes[about]!.shareImage).toMatchObject({ alt: 'Our office in Kolkata' })
  })

  it('changes the address after asking: the links to it (listed by place) follow, and the old address stays as an alias', () => {
    const { config } = openAbout()
    fireEvent.change(settings().getByRole('textbox', { name: 'Path' }), { target: { value: '/about-us' } })
    fireEvent.submit(settings().getByRole('textbox', { name: 'Path' }))
    const dialog = within(page.getByRole('dialog', { name: 'Change the page’s address' }))
    expect(dialog.getByRole('list', { name: 'Links to /about' }).textContent).toBe('Header menu › About Us')
    expect(dialog.getByRole('checkbox', { name: 'Update the link to /about' })).toHaveProperty('checked', true)
    expect(dialog.getByRole('checkbox', { name: /^Keep \/about as an alias/ })).toHaveProperty('checked', true)
    fireEvent.click(dialog.getByRole('button', { name: 'Change address' }))
    const { path, aliases } = config().routes[about]!
    expect({ path, aliases }).toEqual({ path: '/about-us', aliases: ['/about'] })
    expect(config().navigation.items[aboutMenuEntry]).toEqual({ label: 'About Us', to: '/about-us' })
  })

  it('changes no link and adds no alias when both are unticked, and refuses an address another page has', () => {
    const { config } = openAbout()
    const path = () => settings().getByRole('textbox', { name: 'Path' })
    fireEvent.change(path(), { target: { value: '/Contact' } })
    expect(settings().getByText('/Contact is already an address of the page "Contact Us" (/contact).')).toBeTruthy()
    expect(settings().getByRole('button', { name: 'Change address…' })).toHaveProperty('disabled', true)

    fireEvent.change(path(), { target: { value: '/company' } })
    fireEvent.click(settings().getByRole('button', { name: 'Change address…' }))
    const dialog = within(page.getByRole('dialog'))
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Update the link to /about' }))
    fireEvent.click(dialog.getByRole('checkbox', { name: /^Keep \/about as an alias/ }))
    fireEvent.click(dialog.getByRole('button', { name: 'Change address' }))
    expect(config().routes[about]).toEqual({ ...shipped.routes[about], path: '/company' })
    expect(config().navigation).toBe(shipped.navigation)
  })
})
