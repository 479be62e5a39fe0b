import type { PlaceholderBlock } from '../../site/generated/site-config'
import { FilledText } from '../../kit/FilledText'
import classes from './Placeholder.module.css'
import { placeholderTitle } from './placeholder-title'
import { textsOf } from '../../kit/config'
import { usePagePath } from '../../kit/page-path'

const texts = textsOf('placeholder')

export default function Placeholder({ message }: PlaceholderBlock) {
  const pathname = usePagePath()
  return (
    <section className={classes.placeholder}>
      <h1 className={classes.title}>{placeholderTitle(pathname, texts.home)}</h1>
      <p>{message}</p>
      <p className={classes.path}>
        <FilledText text={texts.path} values={{ path: pathname }} />
      </p>
    </section>
  )
}
