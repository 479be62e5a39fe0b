import { fireEvent, screen as page } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.json'
import type { SiteConfig } from '../../../site/generated/site-config'
import { SiteScreenView } from './SiteScreenView'
import { isDeveloperPlace } from '../form/place-schemas'
import { siteScreens } from './site-screens'
import { renderEditing } from '../test-support/render-editing'

const shipped = siteConfig as unknown as SiteConfig

function open(id: string) {
  const screen = siteScreens.find((candidate) => candidate.id === id)!
  return renderEditing(shipped, (now) => <SiteScreenView config={now} screen={screen} />)
}

const fieldAt = (...path: (string | number)[]) => document.querySelector(`[data-field-path='${JSON.stringify(path)}']`)

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bounds are wide for that.
describe('settings only the site’s developer changes ("x-editor": "developer")', { timeout: 60_000 }, () => {
  it('are not offered on the Company screen: no API key, no site address, no business type; the file keeps them through an edit', () => {
    const { config } = open('company')
    expect(fieldAt('site', 'phone')?.querySelector('input')).toBeTruthy()
    for (const name of [/^Api key/i, /^Business type/i]) expect(page.queryByRole('textbox', { name })).toBeNull()
    for (const key of ['apiKey', 'url', 'businessType']) expect(fieldAt('site', key)?.childElementCount ?? 0).toBe(0)

    fireEvent.change(fieldAt('site', 'phone')!.querySelector('input')!, { target: { value: '+91 33 4000 9999' } })
    expect(config().site).toEqual({ ...shipped.site, phone: '+91 33 4000 9999' })
    expect(config().site.apiKey).toBe(shipped.site.apiKey)
  })

  it('are declared once, in the schemas, for the forms too: a webhook, an autofill hint, what is sent and the subject field', () => {
    const form = Object.keys(shipped.forms ?? {})[0]!
    for (const path of [
      ['forms', form, 'webhook'],
      ['forms', form, 'payload', 'company'],
      ['forms', form, 'mail', 'subjectField'],
      ['forms', form, 'fields', 0, 'autocomplete'],
    ])
      expect(isDeveloperPlace(path, shipped), path.join('.')).toBe(true)
    for (const path of [
      ['forms', form, 'submitLabel'],
      ['forms', form, 'fields', 0, 'label'],
      ['site', 'phone'],
    ])
      expect(isDeveloperPlace(path, shipped), path.join('.')).toBe(false)
  })
})
