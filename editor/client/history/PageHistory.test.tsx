import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import siteConfig from '../../../site.config.json'
import { versionChanges } from '../../../publish/page-changes'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { PageHistory as History, VersionMeta } from '../../server/published-versions'
import type { Role } from '../../../site/editor-roles'
import { forgetSession } from '../api/session'
import { problemPlace } from '../save/problem-place'
import { VersionsContext } from '../versions/versions-context'
import { VersionsScreen } from '../versions/VersionsScreen'
import { PageHistory } from './PageHistory'

const shipped = siteConfig as unknown as SiteConfig
const copy = () => structuredClone(shipped)
type Slides = { slides: Array<{ title: string }> }
const homeSlides = (config: SiteConfig) => (config.routes.find((route) => route.path === '/')!.blocks[0] as unknown as Slides).slides

// The server's own answer (publish/'s change finder) for a version that changed Home's first slide title.
const edited = copy()
homeSlides(edited)[0]!.title = 'Cyber Security That Never Sleeps, for you'
edited.navigation.items[0] = { label: 'Start', to: '/' }
edited.site.theme = { ...edited.site.theme!, primaryColor: '#123456' } as SiteConfig['site']['theme']
const changes = versionChanges(shipped, edited)
const summary = { routes: { added: [], removed: [], changed: [{ path: '/', what: ['blocks changed: 1. heroCarousel'] }] }, site: ['navigation'] }
const homeVersion: VersionMeta = { id: '20260302T100000Z', author: 'asha', publishedAt: '2026-03-02T10:00:00.000Z', base: '20260301T100000Z', summary }
const deployed = { id: 'deployed' as const, builtAt: '2026-03-01T08:00:00.000Z' }
const history: History = { current: '20260303T100000Z', entries: [{ version: homeVersion, change: changes.pages[0]! }], deployed: { ...deployed, page: '/' } }

afterEach(() => {
  vi.unstubAllGlobals()
  // Each test's stand-in server says its own role.
  forgetSession()
})

/** The server, stood in for by fetch: GET answers from `answers` by address; every POST is recorded and answered `posted`. */
function serve(answers: Record<string, unknown>, posted: { status: number; body: unknown } = { status: 200, body: {} }, role: Role = 'publisher') {
  const sent: Array<{ address: string; body: unknown }> = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (address: string, init: RequestInit = {}) => {
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      if (address === '/_editor/api/session') return json(200, { account: 'asha', role, csrfToken: 'token' })
      if (init.method === 'POST') {
        sent.push({ address, body: JSON.parse(String(init.body)) })
        return json(posted.status, posted.body)
      }
      return address in answers ? json(200, answers[address]) : json(404, { message: 'There is no such thing.' })
    }),
  )
  return sent
}

function showIn(view: ReactNode, reload = vi.fn(async () => {})) {
  render(
    <MantineProvider>
      <VersionsContext.Provider value={{ reload, dirty: true, published: true, placeOf: problemPlace }}>{view}</VersionsContext.Provider>
    </MantineProvider>,
  )
  return reload
}

// A first render of Mantine's inputs takes seconds in jsdom on a busy machine; the bound is wide for that.
describe('a page’s history', { timeout: 60_000 }, () => {
  it('names each change in the screens’ words, with the words before and after and what changed marked', async () => {
    serve({ '/_editor/api/versions/history?page=%2F': history })
    showIn(<PageHistory path="/" title="Home" />)
    const field = await screen.findByRole('group', { name: '1. Hero carousel › Slide 1 › Title' })
    expect([...field.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      '1. Hero carousel › Slide 1 › Title',
      'Before',
      'Cyber Security That Never Sleeps',
      'After',
      'Cyber Security That Never Sleeps, for you',
    ])
    expect([...field.querySelectorAll('ins')].map((mark) => mark.textContent)).toEqual([', for you'])
    expect(field.querySelectorAll('del')).toHaveLength(0)
    expect(document.body.textContent).not.toMatch(/heroCarousel|site\.config|slides/)
    expect(screen.getByRole('listitem', { name: 'The site as deployed' }).textContent).toContain(`The site as deployed (built ${new Date(deployed.builtAt).toLocaleString()})`)
  })

  it('asks before Restore this page, in words, then puts the page back as it was before that change and loads the new version', async () => {
    const sent = serve(
      { '/_editor/api/versions/history?page=%2F': history },
      { status: 200, body: { version: { ...homeVersion, id: '20260304T100000Z', restoredPage: { path: '/', from: homeVersion.base } } } },
    )
    const reload = showIn(<PageHistory path="/" title="Home" />)
    const change = await screen.findByRole('listitem', { name: `Change by asha, ${new Date(homeVersion.publishedAt).toLocaleString()}` })
    fireEvent.click(within(change).getByRole('button', { name: 'Restore this page' }))
    const question = screen.getByRole('alertdialog', { name: 'Restore “Home”?' })
    expect(question.textContent).toContain(
      `“Home” goes back as it was before asha’s change of ${new Date(homeVersion.publishedAt).toLocaleString()}, and the site shows it at once`,
    )
    expect(question.textContent).toContain('Every other page stays as it is now.')
    expect(question.textContent).toContain('Your unpublished edits here are dropped')
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Restore “Home”' }))
    fireEvent.click(within(question).getByRole('button', { name: 'Restore “Home”' }))
    await screen.findByText(/^Restored: “Home” at \/ is as it was before asha’s change/)
    expect(sent).toEqual([{ address: `/_editor/api/versions/${homeVersion.base}/restore-page`, body: { page: '/', into: '/', base: history.current } }])
    expect(reload).toHaveBeenCalledOnce()
  })

  it('says why a restore was refused, with the checker’s problems, and loads nothing', async () => {
    serve(
      { '/_editor/api/versions/history?page=%2F': history },
      { status: 422, body: { message: 'The page was not restored: as it was then, it does not pass the check now (one problem).', problems: ['A link leads nowhere.'] } },
    )
    const reload = showIn(<PageHistory path="/" title="Home" />)
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'The site as deployed' })).getByRole('button', { name: 'Restore this page' }))
    expect(screen.getByRole('alertdialog').textContent).toContain('The later change listed above is taken back too.')
    fireEvent.click(screen.getByRole('button', { name: 'Restore “Home”' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The page was not restored: as it was then, it does not pass the check now (one problem). A link leads nowhere.')
    expect(reload).not.toHaveBeenCalled()
  })
})

describe('the Versions screen', { timeout: 60_000 }, () => {
  it('lists the site as deployed after the versions, and shows what a version changed page by page and part by part, in the screens’ words', async () => {
    serve({
      '/_editor/api/versions': { versions: [homeVersion], deployed },
      [`/_editor/api/versions/${homeVersion.id}/changes`]: { version: homeVersion, changes },
    })
    showIn(<VersionsScreen />)
    const card = await screen.findByRole('listitem', { name: `Version ${homeVersion.id}` })
    expect(card.textContent).toContain('Changed: /')
    expect(card.textContent).toContain('Also changed: Header menu')
    expect(screen.getByRole('listitem', { name: 'The site as deployed' }).textContent).toContain('The site as deployed (built')
    expect(within(screen.getByRole('listitem', { name: 'The site as deployed' })).getByRole('button', { name: 'Roll back to this' })).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Show what changed' }))
    const home = await screen.findByRole('region', { name: `Changes to ${shipped.routes[0]!.title}` })
    expect(within(home).getByRole('group', { name: '1. Hero carousel › Slide 1 › Title' })).toBeTruthy()
    const menu = screen.getByRole('region', { name: 'Changes to Header menu' })
    expect(within(menu).getByRole('group', { name: 'Header menu › Item 1 › Label' }).textContent).toContain('BeforeHomeAfterStart')
    const theme = screen.getByRole('region', { name: 'Changes to Theme' })
    expect(
      within(theme)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Theme › Primary color'])
    await waitFor(() => expect(document.body.textContent).not.toMatch(/heroCarousel|navigation|blocks changed/))
  })
})

describe('an editor’s account', { timeout: 60_000 }, () => {
  it('is offered no Roll back and no Restore this page, and is told who may', async () => {
    serve(
      {
        '/_editor/api/versions': { versions: [homeVersion], deployed },
        '/_editor/api/versions/history?page=%2F': history,
      },
      undefined,
      'editor',
    )
    showIn(
      <>
        <VersionsScreen />
        <PageHistory path="/" title="Home" />
      </>,
    )
    expect(await screen.findByText('Only publishers and admins may roll the site back.')).toBeTruthy()
    expect((await screen.findAllByText('Only publishers and admins may restore a page.')).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Roll back to this' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Restore this page' })).toBeNull()
  })
})
