import { config } from '../../kit/config'
import { FilledText } from '../../kit/FilledText'
import { SiteLink } from '../../kit/SiteLink'
import { localNumber } from '../../site/locale-format'
import classes from './NotFound.module.css'

export function NotFound() {
  const texts = config.texts.notFound
  return (
    <section className={classes.page}>
      {/* The page shows a large "404" and the title "Page Not Found": one h1 holds both, so the page has a single heading. */}
      <h1 className={classes.heading}>
        <span className={classes.code}>{localNumber(404, config.site.locale, { grouping: false })}</span> <span className={classes.title}>{texts.title}</span>
      </h1>
      <p>{texts.text}</p>
      {/* This language's home, as the header's logo leads to. */}
      <SiteLink to="/" className={classes.home}>
        {texts.homeLink}
      </SiteLink>
      <p className={classes.note}>
        <FilledText text={texts.support} values={{ email: <a href={`mailto:${config.site.email}`}>{config.site.email}</a> }} />
      </p>
    </section>
  )
}
