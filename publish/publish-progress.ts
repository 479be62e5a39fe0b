import { AsyncLocalStorage } from 'node:async_hooks'
import type { ContentBuildProgress } from '../content/build-content.ts'

/** A step of a publish, as the editor shows it while it happens. */
export type PublishStep = { step: 'checking' } | ({ step: 'building' } & ContentBuildProgress) | { step: 'switching' }

type Watcher = (step: PublishStep) => void
const watchers = new AsyncLocalStorage<Watcher>()

/**
 * Runs `publish` with `watcher` told each of its steps: the check, the content build's pages, the
 * switch. Who asked to watch (the editor's Publish request) and who reports (the editor's document,
 * the publisher, the content build's process) are three layers apart; the watcher travels with the
 * request's own asynchronous context, as the log's request id does, rather than through each
 * signature on the way. A publish nobody watches (one following another instance) reports to nobody.
 */
export function watchPublish<T>(watcher: Watcher, publish: () => Promise<T>): Promise<T> {
  return watchers.run(watcher, publish)
}

/** Whoever watches the publish running here (taken at once: a callback of a process event runs outside the request's context). */
export function publishWatcher(): Watcher {
  return watchers.getStore() ?? (() => undefined)
}
