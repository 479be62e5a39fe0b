import { ShellIcon } from '../../kit/ShellIcon'
import { chatHref, type Chat } from '../../site/chat-link'
import classes from './Layout.module.css'

/** Floating bottom-right button opening the chat service, with the greeting typed in where the service takes one. */
export function ChatButton({ chat }: { chat: Chat }) {
  return (
    <a href={chatHref(chat)} className={classes.chat} target="_blank" rel="noopener noreferrer" aria-label={chat.label}>
      <ShellIcon name={chat.icon ?? 'message'} size={30} aria-hidden />
    </a>
  )
}
