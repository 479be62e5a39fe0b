/**
 * Why the preview cannot be made (an unknown ref, a build that fails), as one line for the person;
 * `details` is what they need to see first (a build's or npm ci's output), printed above it.
 */
export class PreviewError extends Error {
  readonly details: string

  constructor(message: string, details = '') {
    super(message)
    this.details = details
  }
}
