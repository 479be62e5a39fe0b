import type { Deliverer } from '../queue/delivery-attempts.ts'
import { submissionIdOf, type OutboxMessage } from '../queue/outbox-message.ts'
import { composeConfirmation, type ConfirmationWording } from '../mail/compose-confirmation.ts'
import { composeMail, type FormsMail } from '../mail/compose-mail.ts'
import type { MailSender } from '../mail/mail-sender.ts'
import { postWebhook, type WebhookTarget } from '../webhook/post-webhook.ts'

/** What the queues need to carry out every kind of delivery of a submission; given by the composition root (server/compose/forms-service.ts). */
export interface DeliveryActions {
  sender: MailSender
  mail: FormsMail
  /** Each form's confirmation to its visitor, for the forms that send one. */
  confirmations: ReadonlyMap<string, ConfirmationWording>
  /** A site of several languages: the confirmations in each other language, by language, for a visitor who wrote from its pages. */
  confirmationsIn?: ReadonlyMap<string, ReadonlyMap<string, ConfirmationWording>>
  /** Each form's webhook, for the forms that have one on. */
  webhooks: ReadonlyMap<string, WebhookTarget>
}

/**
 * The one place a queued message becomes an action: the owner's mail (a message without `action`,
 * as every outbox file before confirmations and webhooks), the visitor's confirmation, or the
 * webhook. Each is its own queued message with its own id, retries and dead letter, so a retry of
 * one never repeats another.
 */
export function createDeliverer({ sender, mail, confirmations, confirmationsIn, webhooks }: DeliveryActions): Deliverer {
  const declared = <T>(settings: ReadonlyMap<string, T>, message: OutboxMessage, what: string): T => {
    const found = settings.get(message.form)
    // A message queued before a publish turned this off (or with other settings) stays queued until it is on again or dead-lettered.
    if (!found) throw new Error(`the ${message.form} form has no ${what} in this site's config or environment`)
    return found
  }
  return {
    async deliver(message, id) {
      switch (message.action) {
        case 'confirmation':
          // In the visitor's language; one the site no longer has (a publish removed it) falls back to the default's.
          return sender.send(composeConfirmation(message, mail.from, declared(confirmationsIn?.get(message.language ?? '') ?? confirmations, message, 'confirmation')), id)
        case 'webhook':
          return postWebhook(message, submissionIdOf(message), declared(webhooks, message, 'webhook'))
        case 'team-mail':
          // The editor's words to its team: plain text, to the addresses the accounts gave (nodemailer builds the MIME and encodes the headers).
          return sender.send({ from: mail.from, to: message.fields.to, subject: message.fields.subject, text: message.fields.text }, id)
        default:
          return sender.send(composeMail(message, mail), id)
      }
    },
    forget: (id) => sender.forget(id),
    close: () => sender.close(),
  }
}
