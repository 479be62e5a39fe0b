import path from 'node:path'
import type { AuthoredRoute } from '../../authoring/scaffold/authored-route.ts'
import type { SiteConfig, SiteSettings, SiteTheme } from '../../site/generated/site-config.ts'
import { schemasDir } from '../lib/paths.ts'
import { formsSection } from './forms-section.ts'
import { placeholderFavicon, placeholderLogo } from './placeholder-logo.ts'
import { currentFormat } from '../../authoring/migrate/format-steps.ts'

/** A config as a new site writes it: what the schemas default (texts, the chat button's label, block backgrounds…) is left out. */
type StarterConfig = Omit<SiteConfig, 'site' | 'forms' | 'texts' | 'routes'> & {
  site: Omit<SiteSettings, 'theme' | 'logoShowsName' | 'businessType' | 'timeZone' | 'requireTranslations'> & { theme: Pick<SiteTheme, 'primaryColor' | 'accentColor'> }
  forms: ReturnType<typeof formsSection>
  routes: AuthoredRoute[]
}

const theme = { primaryColor: '#334155', accentColor: '#0f766e' }
const logoFile = '/logo.svg'

/**
 * The smallest site worth looking at: a home, an about and a contact page (with the contact form)
 * in the menu and the footer, the name given, and placeholder words that say what to write there.
 * The addresses and numbers are reserved examples (example.com, 555-01xx) that reach no one.
 */
export function starterConfig(name: string, siteDir: string): StarterConfig {
  const logo = { src: logoFile, alt: name, width: 160, height: 160 }
  const pages = [
    { label: 'Home', to: '/' },
    { label: 'About', to: '/about' },
    { label: 'Contact', to: '/contact' },
  ]
  return {
    // Relative, so an editor completes and checks the file wherever the project is.
    $schema: path.relative(siteDir, path.join(schemasDir, 'site.schema.json')).split(path.sep).join('/'),
    // Today's format, so the next version's `npm run migrate` knows where this file starts.
    format: currentFormat,
    site: {
      name,
      locale: 'en',
      url: 'https://www.example.com',
      blurb: 'One or two sentences about who you are and what you do. Change this text in site.config.json.',
      phone: '+1 555 0100',
      email: 'hello@example.com',
      fallbackEmail: 'hello@example.com',
      // The server's development key: set API_KEY on the server and the same value here before going live.
      apiKey: 'dev-key',
      theme,
      logo,
      favicon: '/favicon.svg',
      offices: [{ city: 'Your city', label: 'Main office', address: '1 Example Street, Your city', mapUrl: 'https://www.openstreetmap.org/' }],
      social: [],
      businessHours: [{ days: 'Mon-Fri', hours: '9 AM-5 PM' }],
    },
    navigation: { items: pages },
    footer: { columns: [{ title: 'Pages', links: pages }] },
    forms: formsSection(),
    routes: [
      {
        path: '/',
        title: 'Home',
        description: 'Who we are, what we do and how to reach us.',
        blocks: [
          {
            type: 'pageHero',
            heading: `Welcome to ${name}`,
            paragraphs: ['A sentence or two about what you offer and who it is for.'],
            actions: [
              { label: 'About us', to: '/about' },
              { label: 'Contact us', to: '/contact' },
            ],
          },
          {
            type: 'textSection',
            heading: 'What we do',
            paragraphs: ['Describe your work here: what you make or offer, for whom, and what makes it worth choosing.'],
            image: logo,
            layout: 'twoColumns',
          },
        ],
      },
      {
        path: '/about',
        title: 'About',
        description: 'Who we are, how we started and how we work.',
        blocks: [
          { type: 'pageHero', heading: `About ${name}` },
          { type: 'textSection', heading: 'Our story', paragraphs: ['How you started, what you care about, and the people behind the work.'] },
        ],
      },
      {
        path: '/contact',
        title: 'Contact',
        description: 'Write to us, call or visit.',
        blocks: [
          { type: 'pageHero', heading: 'Contact us', paragraphs: ['Send us a message and we will reply soon.'] },
          { type: 'form', form: 'contact', title: 'Send us a message' },
        ],
      },
    ],
  }
}

/** The new site's public/: its placeholder logo (the picture the home page shows) and favicon (index.html names /favicon.svg). */
export function starterPublicFiles(name: string): Record<string, string> {
  return { [logoFile.slice(1)]: placeholderLogo(name, theme.primaryColor), 'favicon.svg': placeholderFavicon(name, theme.primaryColor) }
}
