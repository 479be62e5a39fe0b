import { Link } from '@tanstack/react-router'
import { config } from '../../kit/config'
import classes from './NotFound.module.css'

export function NotFound() {
  return (
    <section className={classes.page}>
      {/* The page shows a large "404" and the title "Page Not Found": one h1 holds both, so the page has a single heading. */}
      <h1 className={classes.heading}>
        <span className={classes.code}>404</span> <span className={classes.title}>Page Not Found</span>
      </h1>
      <p>The page you are looking for does not exist or has been moved.</p>
      <Link to="/" className={classes.home}>
        Go to Homepage
      </Link>
      <p className={classes.note}>
        If you believe this is an error, please contact support at <a href={`mailto:${config.site.email}`}>{config.site.email}</a>.
      </p>
    </section>
  )
}
