import type { OutboxMessage } from './outbox-message.ts'

/**
 * One attempt at one queued delivery (the owner's mail, the visitor's confirmation, the webhook),
 * as both queues make it: resolves with what the other side answered, rejects with its error, which
 * classifyDeliveryFailure (delivery-failure.ts) judges. Made by the composition root (server/delivery/deliverer.ts).
 */
export type Deliver = (message: OutboxMessage, id: string) => Promise<string>
