import type { DraftReview } from '../api/draft-api'

const when = (at: string) => new Date(at).toLocaleString()

/** A draft's place in its review in one line: the panel and the list of drafts say the same. */
export function reviewInWords(review: DraftReview): string {
  if (!review) return 'Draft'
  if (review.state === 'in-review') return `In review, asked by ${review.askedBy} at ${when(review.askedAt)}`
  return `Sent back by ${review.sentBackBy ?? 'a publisher'}${review.comment ? `: “${review.comment}”` : ''}`
}
