import type { Context, Middleware } from 'koa'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { DeliveryAttemptListener } from '../queue/delivery-attempts.ts'
import type { FormsReadiness, QueueFigures } from '../queue/submission-queue.ts'
import { isFormRoute, methodLabel, routeLabeller } from './request-route.ts'

/** What the metrics read of the forms service; each part optional, so a test's stand-in may leave it out. */
export interface MeasuredForms {
  readiness(): Promise<FormsReadiness>
  onDeliveryAttempt?(listener: DeliveryAttemptListener): () => void
}

export interface AppMetrics {
  /** Counts and times every request; put it outside the error boundary so a 500 is counted too. */
  middleware: Middleware
  /** The text Prometheus reads: this app's figures, then the process's. */
  render(): Promise<string>
  contentType: string
}

/**
 * The process's own figures (CPU, memory, event loop lag, GC) belong to the process, not to an
 * app: one registry for all, made at the first scrape, so a test run that builds hundreds of apps
 * and never scrapes starts no event-loop monitor.
 */
let processRegistry: Registry | undefined
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** One readiness report shared by the gauges of one scrape (prom-client collects them all at once). */
function sharedWithinOneScrape<T>(read: () => Promise<T>, forMs = 1000): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined
  return () => {
    if (!last || Date.now() - last.at > forMs) last = { at: Date.now(), value: read() }
    return last.value
  }
}

/** The answer's `error` code; it is ours, but bounded anyway in case something else ever answers. */
const reasonLabel = (error: unknown) => (typeof error === 'string' && /^[a-z_]{1,40}$/.test(error) ? error : 'unlabelled')

function submissionOutcome(ctx: Context): { outcome: string; reason: string } {
  const body = ctx.body as { success?: unknown; error?: unknown } | null | undefined
  if (ctx.status === 200 && body?.success === true) return { outcome: ctx.response.get('Idempotent-Replayed') ? 'replayed' : 'accepted', reason: 'ok' }
  // No body: the client left before its request was read.
  return { outcome: 'refused', reason: body ? reasonLabel(body.error) : 'client_gone' }
}

/**
 * The app's Prometheus figures, in a registry of its own (tests build many apps side by side):
 * requests by route, method and status with their latency, form submissions by form, outcome and
 * reason, delivery attempts by outcome, and on each scrape the outbox (or Redis queue) depth, the
 * age of its oldest mail, its dead letters and every readiness check as 1 or 0.
 */
export function createAppMetrics(forms: MeasuredForms | undefined, formNames: readonly string[] = []): AppMetrics {
  /** A form name the site declares, else "other": a label value must come from a fixed set. */
  const formLabel = (form: string) => (formNames.includes(form) ? form : 'other')
  const routeLabel = routeLabeller(formNames)
  const registry = new Registry()
  const registers = [registry]

  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) => new Counter({ name, help, labelNames, registers })

  const requests = counter('site_http_requests_total', 'HTTP requests answered, by route, method and status.', ['route', 'method', 'status'])
  const duration = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer being ready, by route, method and status.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const submissions = counter(
    'site_form_submissions_total',
    'Form submissions answered, by form, outcome (accepted, replayed, refused) and reason (the answer\'s error code; "ok" when accepted).',
    ['form', 'outcome', 'reason'],
  )
  const attempts = counter(
    'site_mail_delivery_attempts_total',
    'Mail delivery attempts by form and outcome: delivered, retry (a failure tried again later) or dead_letter (given up).',
    ['form', 'outcome'],
  )
  // Delivery happens whether or not anything is ever scraped; a listener per app.
  forms?.onDeliveryAttempt?.((form, outcome) => attempts.inc({ form: formLabel(form), outcome }))

  const readiness = sharedWithinOneScrape(() => (forms ? forms.readiness().catch(() => undefined) : Promise.resolve(undefined)))
  const outboxGauge = (name: string, help: string, figure: (outbox: QueueFigures) => number | null | undefined) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.reset() // unreadable: no sample rather than a stale one (site_ready_check says why)
        const outbox = (await readiness())?.outbox
        const value = outbox ? figure(outbox) : null
        if (value !== null && value !== undefined) this.set(value)
      },
    })
  outboxGauge('site_outbox_depth', 'Mail accepted and not yet delivered (waiting, retrying, being sent), in the disk outbox or the Redis queue.', (outbox) => outbox.depth)
  outboxGauge('site_outbox_oldest_age_seconds', 'Age of the oldest mail waiting for its first attempt or a retry; 0 when none waits.', (outbox) =>
    outbox.depth === null ? null : (outbox.oldestAgeSeconds ?? 0),
  )
  // The disk outbox only: with Redis there is no folder to fill.
  outboxGauge(
    'site_outbox_free_bytes',
    "Free space of the disk outbox's filesystem; below site_outbox_reserve_bytes submissions are refused with 503.",
    (outbox) => outbox.freeBytes,
  )
  outboxGauge('site_outbox_reserve_bytes', 'Space kept free for delivery bookkeeping (OUTBOX_RESERVE_MB).', (outbox) => outbox.reserveBytes)
  outboxGauge('site_mail_dead_letters', 'Mail given up on and kept for an operator (npm run outbox -- list).', (outbox) => outbox.deadLetters)
  new Gauge({
    name: 'site_ready',
    help: 'Whether /ready answers 200: a submission can be taken and delivered now.',
    registers,
    async collect() {
      this.reset()
      const report = await readiness()
      if (report) this.set(report.ready ? 1 : 0)
    },
  })
  new Gauge({
    name: 'site_ready_check',
    help: 'Each check behind /ready, 1 when it passes.',
    labelNames: ['check'],
    registers,
    async collect() {
      this.reset()
      for (const [check, ok] of Object.entries((await readiness())?.checks ?? {})) this.set({ check }, ok ? 1 : 0)
    },
  })

  const middleware: Middleware = async (ctx, next) => {
    const stopTimer = duration.startTimer()
    try {
      await next()
    } finally {
      const route = routeLabel(ctx)
      const labels = { route, method: methodLabel(ctx.method), status: String(ctx.status) }
      requests.inc(labels)
      stopTimer(labels)
      if (ctx.method === 'POST' && isFormRoute(route)) submissions.inc({ form: formLabel(route.slice('/api/'.length)), ...submissionOutcome(ctx) })
    }
  }

  return {
    middleware,
    contentType: registry.contentType,
    render: async () => `${await registry.metrics()}\n${await processMetrics().metrics()}`,
  }
}
