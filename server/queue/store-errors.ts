/**
 * Why a queue could not take a submission, in terms the forms answer with (a 503 and the browser's
 * mail fallback): nothing was stored. The queues throw these; the forms never need to know which
 * queue it was.
 */
export type StoreUnavailableKind = 'queue_unavailable' | 'outbox_full'

export class StoreUnavailableError extends Error {
  readonly kind: StoreUnavailableKind

  constructor(kind: StoreUnavailableKind, detail: string) {
    super(detail)
    this.kind = kind
    this.name = 'StoreUnavailableError'
  }
}
