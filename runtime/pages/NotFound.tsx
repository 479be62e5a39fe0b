import { Link } from '@tanstack/react-router'
import { config } from '../config'
import classes from './NotFound.module.css'
import { usePageHead } from './usePageHead'

export function NotFound() {
  usePageHead(null)
  return (
    <section className={classes.page}>
      <p className={classes.code} aria-hidden="true">404</p>
      <h1 className={classes.title}>Page Not Found</h1>
      <p>The page you are looking for does not exist or has been moved.</p>
      <Link to="/" className={classes.home}>Go to Homepage</Link>
      <p className={classes.note}>
        If you believe this is an error, please contact support at <a href={`mailto:${config.site.email}`}>{config.site.email}</a>.
      </p>
    </section>
  )
}
