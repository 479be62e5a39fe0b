/**
 * What one delivery attempt came to, told by the disk outbox's worker and the BullMQ processor
 * alike, so the metrics (server/metrics/) count both queues the same way. Each attempt has
 * exactly one outcome: summed, they are the attempts made.
 */
export type DeliveryOutcome = 'delivered' | 'retry' | 'dead_letter'

export type DeliveryAttemptListener = (form: string, outcome: DeliveryOutcome) => void
