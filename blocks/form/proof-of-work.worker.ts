import type { Challenge } from 'altcha-lib'
import { solve } from './proof-of-work-solve'

/**
 * The proof of work off the page's thread, so typing stays smooth while it runs. A module worker
 * from /assets: a script of the site's own origin (script-src 'self'), bundled whole into one file,
 * because the worker runs under its file's locked policy, which allows it to load nothing else.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<Challenge>) => void) | null
  postMessage(message: unknown): void
}
const scope = globalThis as unknown as WorkerScope

scope.onmessage = (event) => {
  solve(event.data).then(
    (solution) => scope.postMessage({ solution }),
    (error: unknown) => scope.postMessage({ error: String(error) }),
  )
}
