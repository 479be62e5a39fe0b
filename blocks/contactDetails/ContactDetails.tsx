import '@mantine/core/styles/VisuallyHidden.css'
import { VisuallyHidden } from '@mantine/core'
import { IconClock, IconExternalLink, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { ContactDetailsBlock, SiteSettings } from '../../site/generated/site-config'
import { config, textsOf } from '../../kit/config'
import { FilledText } from '../../kit/FilledText'
import { ShellIcon } from '../../kit/ShellIcon'
import { RevealSection } from '../../kit/motion/RevealSection'
import { chatHref } from '../../site/chat-link'
import classes from './ContactDetails.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

const texts = textsOf('contactDetails')

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`

function QuickContact({ labels, site }: { labels: ContactDetailsBlock['quickContact']; site: SiteSettings }) {
  // Keyed by the way of contact: the labels are the author's and may be alike, or empty. No chat in the settings, no chat line.
  const drawn = { size: 26, stroke: 1.75 }
  const links: Array<{ way: string; href: string; label: string; detail: string; icon: ReactNode; external: boolean }> = [
    { way: 'call', href: telHref(site.phone), label: labels.call, detail: site.phone, icon: <IconPhone {...drawn} />, external: false },
    { way: 'email', href: `mailto:${site.email}`, label: labels.email, detail: site.email, icon: <IconMail {...drawn} />, external: false },
  ]
  const { chat } = site
  // The chat's name and icon are the service's where the config names neither (site/chat-link.ts, filled in by the build).
  if (chat)
    links.push({
      way: 'chat',
      href: chatHref(chat),
      label: labels.chat,
      detail: chat.name ?? chat.url,
      icon: <ShellIcon name={chat.icon ?? 'message'} {...drawn} />,
      external: true,
    })
  return (
    <ul className={`${surfaces.list} ${classes.quick}`}>
      {links.map(({ way, href, label, detail, icon, external }) => (
        <li key={way}>
          <a href={href} className={`${surfaces.card} ${classes.quickLink}`} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            <span className={`${surfaces.iconTile} ${classes.quickIcon}`} aria-hidden="true">
              {icon}
            </span>
            <span>
              <span className={classes.quickLabel}>{label}</span>
              <span className={classes.quickDetail}>{detail}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}

function Office({ office }: { office: SiteSettings['offices'][number] }) {
  return (
    <li className={`${surfaces.card} ${classes.card}`}>
      <h3 className={classes.cardTitle}>
        {office.city}
        {office.label && <span className={`${surfaces.tag} ${classes.officeLabel}`}>{office.label}</span>}
      </h3>
      <p className={classes.line}>
        <IconMapPin size={18} aria-hidden="true" className={classes.lineIcon} />
        <span>{office.address}</span>
      </p>
      {office.phone && (
        <p className={classes.line}>
          <IconPhone size={18} aria-hidden="true" className={classes.lineIcon} />
          <a href={telHref(office.phone)}>{office.phone}</a>
        </p>
      )}
      {office.email && (
        <p className={classes.line}>
          <IconMail size={18} aria-hidden="true" className={classes.lineIcon} />
          <a href={`mailto:${office.email}`}>{office.email}</a>
        </p>
      )}
      <a href={office.mapUrl} className={classes.mapLink} target="_blank" rel="noopener noreferrer">
        {`${texts.openInMaps} `}
        <IconExternalLink size={15} aria-hidden="true" />
        <VisuallyHidden>
          <FilledText text={texts.officeHint} values={{ city: office.city }} />
        </VisuallyHidden>
      </a>
    </li>
  )
}

/** Offices, hours and quick contact from the site settings, and an embedded map. */
export default function ContactDetails({ eyebrow, heading, intro, background, quickContact, map }: ContactDetailsBlock) {
  const { site } = config
  return (
    <RevealSection background={background} eyebrow={eyebrow} heading={heading} intro={intro}>
      <QuickContact labels={quickContact} site={site} />
      <div className={classes.columns}>
        <ul className={`${surfaces.list} ${classes.offices}`}>
          {site.offices.map((office) => (
            <Office key={office.city} office={office} />
          ))}
        </ul>
        <div className={classes.side}>
          <iframe
            className={classes.map}
            title={map.title}
            src={map.embedUrl}
            width={600}
            height={map.height}
            style={{ height: map.height }}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
          <div className={`${surfaces.card} ${classes.card}`}>
            <h3 className={classes.cardTitle}>
              <IconClock size={20} aria-hidden="true" className={classes.lineIcon} />
              {` ${texts.businessHours}`}
            </h3>
            <dl className={classes.hours}>
              {site.businessHours.map((line) => (
                <div key={line.days} className={classes.hoursRow}>
                  <dt>{line.days}</dt>
                  <dd>{line.hours}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </div>
    </RevealSection>
  )
}
