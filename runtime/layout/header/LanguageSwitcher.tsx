import { config } from '../../../kit/config'
import { usePagePath } from '../../../kit/page-path'
import { findRoute } from '../../../kit/site-links'
import classes from './Header.module.css'

/**
 * In a site of several languages, one link per language, each named in its own language: to the
 * same page in that language, or to that language's home when the page is not in it. Plain
 * anchors: another language is another shell (its own route table and words), so switching is a
 * full page load, and the links work before any script runs. Nothing in a one-language site.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const pathname = usePagePath()
  const { languages } = config
  if (!languages) return null
  const route = findRoute(pathname)
  const hrefIn = (language: string, home: string) => route?.alternates?.[language] ?? (language === languages.current ? route?.path : undefined) ?? home

  return (
    <nav aria-label={config.texts.header.languages} className={className}>
      <ul className={classes.languageList}>
        {languages.choices.map(({ language, tag, name, home }) => (
          <li key={language}>
            <a href={hrefIn(language, home)} lang={tag} hrefLang={tag} aria-current={language === languages.current ? 'true' : undefined} className={classes.languageLink}>
              {name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
