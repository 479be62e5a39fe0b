import type { OutboxMessage } from './outbox-message.ts'

/**
 * What a queue hands each of its messages to: the one object both queues get to deliver, so neither
 * knows which mail sender (SMTP or the .eml folder) or which kind of delivery it carries out. Made
 * in server/delivery/deliverer.ts, wired by the composition root (server/compose/forms-service.ts).
 */
export interface Deliverer {
  /**
   * One attempt at one queued delivery (the owner's mail, the visitor's confirmation, the webhook):
   * resolves with what the other side answered, rejects with its error, which
   * classifyDeliveryFailure (delivery-failure.ts) judges.
   */
  deliver(message: OutboxMessage, id: string): Promise<string>
  /** Once the queue has recorded the delivery: drop what the sender kept of it, when retention says so (the .eml copy at RETENTION_DAYS=0). */
  forget(id: string): Promise<void>
  /** The queue stops: close the mail transport. */
  close(): void
}

/**
 * What one delivery attempt came to, told by the disk outbox's worker and the BullMQ processor
 * alike, so the metrics (server/metrics/) count both queues the same way. Each attempt has
 * exactly one outcome: summed, they are the attempts made.
 */
export type DeliveryOutcome = 'delivered' | 'retry' | 'dead_letter'

export type DeliveryAttemptListener = (form: string, outcome: DeliveryOutcome) => void
