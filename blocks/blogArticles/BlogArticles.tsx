import type { BlogArticlesBlock } from '../../site/generated/site-config'
import { revealItem } from '../../kit/motion/reveal-item'
import { RevealSection } from '../../kit/motion/RevealSection'
import { SiteLink } from '../../kit/SiteLink'
import { ArticleCard } from './ArticleCard'
import classes from './BlogArticles.module.css'
import surfaces from '../../kit/ui/surfaces.module.css'

export default function BlogArticles({ eyebrow, heading, intro, articles, newsletter }: BlogArticlesBlock) {
  return (
    <RevealSection eyebrow={eyebrow} heading={heading} intro={intro} stagger>
      <ul className={`${surfaces.list} ${classes.grid}`}>
        {articles.map((article, index) => (
          <li key={article.id} {...revealItem(index, classes.item)}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
      {newsletter && (
        <div className={classes.newsletter}>
          <h3 className={classes.newsletterHeading}>{newsletter.heading}</h3>
          {newsletter.text && <p className={classes.newsletterText}>{newsletter.text}</p>}
          <SiteLink to={newsletter.action.to} className={classes.newsletterAction}>
            {newsletter.action.label}
          </SiteLink>
        </div>
      )}
    </RevealSection>
  )
}
