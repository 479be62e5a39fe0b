import type { DeliveryWorker } from '../mail/delivery-worker.ts'
import type { Outbox } from '../outbox/outbox.ts'
import { unreachableQueue, type SubmissionQueue } from './submission-queue.ts'

/** The embedded default: the durable outbox folder and this process's delivery worker. */
export function createDiskQueue(outbox: Outbox, worker: DeliveryWorker): SubmissionQueue {
  return {
    async enqueue(message) {
      const outcome = await outbox.enqueue(message)
      worker.notify() // deliver it now rather than at the next retry timer
      return outcome
    },
    start: () => worker.start(),
    stop: () => worker.stop(),
    async readiness() {
      try {
        return { backend: 'disk', reachable: true, ...(await outbox.stats()) }
      } catch (error) {
        return unreachableQueue('disk', error)
      }
    },
    idle: () => worker.idle(),
  }
}
