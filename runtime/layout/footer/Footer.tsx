import { IconArrowUp, IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX, IconBrandYoutube, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react'
import type { Footer as FooterConfig, SiteSettings } from '../../../site/generated/site-config'
import { SiteLink } from '../../../kit/SiteLink'
import classes from './Footer.module.css'
import surfaces from '../../../kit/ui/surfaces.module.css'

const socialIcons = { facebook: IconBrandFacebook, twitter: IconBrandX, linkedin: IconBrandLinkedin, instagram: IconBrandInstagram, youtube: IconBrandYoutube }
const socialNames = { facebook: 'Facebook', twitter: 'Twitter', linkedin: 'LinkedIn', instagram: 'Instagram', youtube: 'YouTube' }

export function Footer({ site, footer }: { site: SiteSettings; footer: FooterConfig }) {
  return (
    <footer className={classes.footer}>
      <div className={classes.grid}>
        <section>
          <h2 className={classes.heading}>{site.name}</h2>
          <p className={classes.blurb}>{site.blurb}</p>
          <ul className={`${surfaces.list} ${classes.social}`} aria-label="Social media">
            {site.social.map(({ network, url }) => {
              const Icon = socialIcons[network]
              return (
                <li key={network}>
                  <SiteLink to={url} className={classes.socialLink} aria-label={`${site.name} on ${socialNames[network]}`}>
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
          <h2 className={classes.heading}>Our Offices</h2>
          <ul className={`${surfaces.list} ${classes.list}`}>
            {site.offices.map((office) => (
              <li key={office.city} className={classes.office}>
                <strong>{office.city}</strong>
                <span>{office.address}</span>
                <SiteLink to={office.mapUrl} className={classes.link} aria-label={`View on map: the ${office.city} office`}>
                  <IconMapPin size={16} aria-hidden /> View on map
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className={classes.heading}>Contact</h2>
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
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {footer.copyrightHolder ?? site.name}. All rights reserved.
        </p>
        <button type="button" className={classes.backToTop} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
          <IconArrowUp size={16} aria-hidden /> Back to top
        </button>
      </div>
    </footer>
  )
}
