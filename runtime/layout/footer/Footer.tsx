import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react'
import type { Footer as FooterConfig, SiteSettings } from '../../../site/generated/site-config'
import type { ShellTexts } from '../../../site/text-groups'
import { localNumber } from '../../../site/locale-format'
import { fillTemplate } from '../../../site/text-template'
import { FilledText } from '../../../kit/FilledText'
import { ShellIcon } from '../../../kit/ShellIcon'
import { SiteLink } from '../../../kit/SiteLink'
import { Island } from '../../../kit/islands/Island'
import { shellParts } from '../../islands/shell-parts'
import { BackToTop } from './BackToTop'
import classes from './Footer.module.css'
import surfaces from '../../../kit/ui/surfaces.module.css'

export function Footer({ site, footer, texts }: { site: SiteSettings; footer: FooterConfig; texts: ShellTexts['footer'] }) {
  return (
    <footer className={classes.footer}>
      <div className={classes.grid}>
        <section>
          <h2 className={classes.heading}>{site.name}</h2>
          <p className={classes.blurb}>{site.blurb}</p>
          <ul className={`${surfaces.list} ${classes.social}`} aria-label={texts.socialMedia}>
            {/* A known network's own name and icon are filled in by the build (site/social-networks.ts). */}
            {site.social.map((link) => (
              <li key={link.url}>
                <SiteLink to={link.url} className={classes.socialLink} aria-label={fillTemplate(texts.socialLink, { siteName: site.name, network: link.name ?? link.network })}>
                  <ShellIcon name={link.icon ?? 'link'} size={20} aria-hidden />
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
        {footer.columns.map((column, index) => (
          // Keyed by place: two columns may share a heading, and the list only changes with the config.
          <section key={index}>
            <h2 className={classes.heading}>{column.title}</h2>
            <ul className={`${surfaces.list} ${classes.list} ${classes.linkList}`}>
              {column.links.map((link) => (
                <li key={link.to}>
                  <SiteLink to={link.to} className={classes.link}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section>
          <h2 className={classes.heading}>{texts.offices}</h2>
          <ul className={`${surfaces.list} ${classes.list}`}>
            {site.offices.map((office) => (
              <li key={office.city} className={classes.office}>
                <strong>{office.city}</strong>
                <span>{office.address}</span>
                <SiteLink to={office.mapUrl} className={classes.link} aria-label={fillTemplate(texts.viewOnMapLabel, { city: office.city })}>
                  <IconMapPin size={16} aria-hidden />
                  {` ${texts.viewOnMap}`}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className={classes.heading}>{texts.contact}</h2>
          <ul className={`${surfaces.list} ${classes.list} ${classes.contactList}`}>
            <li>
              <a href={`tel:${site.phone.replace(/\s+/g, '')}`} className={classes.link}>
                <IconPhone size={16} aria-hidden /> {site.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className={classes.link}>
                <IconMail size={16} aria-hidden /> {site.email}
              </a>
            </li>
            {site.businessHours.map((line) => (
              <li key={line.days} className={classes.hours}>
                {line.days}: {line.hours}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className={classes.bottom}>
        <p>
          <FilledText
            text={texts.copyright}
            values={{
              year: <span suppressHydrationWarning>{localNumber(new Date().getFullYear(), site.locale, { grouping: false })}</span>,
              holder: footer.copyrightHolder ?? site.name,
            }}
          />
        </p>
        <Island name="backToTop" hydration={shellParts.backToTop.interactive} component={BackToTop} props={{ label: texts.backToTop }} enhanced />
      </div>
    </footer>
  )
}
