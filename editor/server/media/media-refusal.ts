/**
 * A request the media library will not carry out, with the words the editor shows the author:
 * what was wrong and what to do instead. The HTTP status is the request's fault (4xx).
 */
export class MediaRefusal extends Error {
  readonly status: 400 | 404 | 409 | 413 | 415 | 422

  constructor(status: MediaRefusal['status'], message: string) {
    super(message)
    this.status = status
  }
}
