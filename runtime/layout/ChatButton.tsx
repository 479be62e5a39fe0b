import { IconBrandWhatsapp } from '@tabler/icons-react'
import type { SiteSettings } from '../../site/generated/site-config'
import classes from './Layout.module.css'

/** Floating bottom-right button opening the chat service with the greeting prefilled. */
export function ChatButton({ chat }: { chat: SiteSettings['chat'] }) {
  const href = `${chat.url}?text=${encodeURIComponent(chat.greeting)}`
  return (
    <a href={href} className={classes.chat} target="_blank" rel="noopener noreferrer" aria-label={chat.label}>
      <IconBrandWhatsapp size={30} aria-hidden />
    </a>
  )
}
