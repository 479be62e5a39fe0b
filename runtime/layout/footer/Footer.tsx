import { IconArrowUp, IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconBrandYoutube, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react'
import type { Footer as FooterConfig, SiteSettings } from '../../../site/generated/site-config'
import type { ShellTexts } from '../../../site/text-groups'
import { fillTemplate } from '../../../site/text-template'
import { FilledText } from '../../../kit/FilledText'
import { SiteLink } from '../../../kit/SiteLink'
import classes from './Footer.module.css'
import surfaces from '../../../kit/ui/surfaces.module.css'

const socialIcons = { facebook: IconBrandFacebook, twitter: IconBrandX, linkedin: IconBrandLinkedin, instagram: IconBrandInstagram, youtube: IconBrandYoutube }
// The networks' own names, the same in every language.
const socialNames = { facebook: 'Facebook', twitter: 'Twitter', linkedin: 'LinkedIn', instagram: 'Instagram', youtube: 'YouTube' }

export function Footer({ site, footer, texts }: { site: SiteSettings; footer: FooterConfig; texts: ShellTexts['footer'] }) {
  return (
    <footer className={classes.footer}>
      <div className={classes.grid}>
        <section>
          <h2 className={classes.heading}>{site.name}</h2>
          <p className={classes.blurb}>{site.blurb}</p>
          <ul className={`${surfaces.list} ${classes.social}`} aria-label={texts.socialMedia}>
            {site.social.map(({ network, url }) => {
              const Icon = socialIcons[network]
              return (
                <li key={network}>
                  <SiteLink to={url} className={classes.socialLink} aria-label={fillTemplate(texts.socialLink, { siteName: site.name, network: socialNames[network] })}>
                    <Icon size={20} aria-hidden />
                  </SiteLink>
                </li>
              )
            })}
          </ul>
        </section>
        <section>
          <h2 className={classes.heading}>{footer.servicesTitle}</h2>
          <ul className={`${surfaces.list} ${classes.list} ${classes.servicesList}`}>
            {footer.services.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className={classes.link}>
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
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
          <FilledText text={texts.copyright} values={{ year: <span suppressHydrationWarning>{new Date().getFullYear()}</span>, holder: footer.copyrightHolder ?? site.name }} />
        </p>
        <button type="button" className={classes.backToTop} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          <IconArrowUp size={16} aria-hidden />
          {` ${texts.backToTop}`}
        </button>
      </div>
    </footer>
  )
}
