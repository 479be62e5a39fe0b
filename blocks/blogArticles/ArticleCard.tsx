import { IconCalendar, IconClock, IconUser } from '@tabler/icons-react'
import type { BlogArticlesBlock } from '../../site/generated/site-config'
import { displayedArticleDate } from '../../site/article-date-display'
import { config, textsOf } from '../../kit/config'
import { SiteLink } from '../../kit/SiteLink'
import { Picture } from '../../kit/ui/Picture'
import classes from './BlogArticles.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

const texts = textsOf('blogArticles')

type Article = BlogArticlesBlock['articles'][number]

export function ArticleCard({ article }: { article: Article }) {
  const { image } = article
  return (
    // The id is the article's address on the page: the blog's feed links each entry to it.
    <article id={article.id} className={`${surfaces.card} ${classes.card}`}>
      <Picture className={classes.image} image={image} slot="blogArticles.card" />
      <div className={classes.body}>
        <p className={`${surfaces.tag} ${classes.category}`}>{article.category}</p>
        <h3 className={classes.title}>{article.title}</h3>
        <ul className={`${surfaces.list} ${classes.meta}`} aria-label={texts.details}>
          <li>
            <IconUser size={16} aria-hidden="true" />
            {article.author}
          </li>
          <li>
            <IconCalendar size={16} aria-hidden="true" />
            {displayedArticleDate(article.date, config.site.locale)}
          </li>
          <li>
            <IconClock size={16} aria-hidden="true" />
            {article.readTime}
          </li>
        </ul>
        <p className={classes.intro}>{article.intro}</p>
        <p className={classes.outlineLabel}>{texts.outline}</p>
        <ul className={classes.outline}>
          {article.outline.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        {article.link && (
          <div className={classes.footer}>
            <SiteLink to={article.link.to} className={classes.link}>
              {article.link.label}
            </SiteLink>
          </div>
        )}
      </div>
    </article>
  )
}
