import Router from '@koa/router'
import type { Middleware } from 'koa'
import type { FormsHealth, FormsReadiness } from '../queue/submission-queue.ts'

/**
 * GET /health: liveness, 200 while the process runs, with the outbox's figures (its disk's free
 * space and reserve, and `disk`: ok, low or unknown, included).
 * GET /ready: readiness, 200 only when a submission can be taken and delivered now (outbox
 * writable with room above its reserve, mail transport answering), else 503 with the reasons:
 * what a load balancer asks before sending visitors here.
 */
export function probes(forms: { health(): Promise<FormsHealth>; readiness(): Promise<FormsReadiness> } | undefined): Middleware {
  const startedAt = Date.now()
  const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000)
  const router = new Router()
  router.get('/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { status: 'ok', uptimeSeconds: uptimeSeconds(), ...(forms ? await forms.health() : {}) }
  })
  router.get('/ready', async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    if (!forms) {
      ctx.body = { status: 'ready', uptimeSeconds: uptimeSeconds() }
      return
    }
    const { ready, ...report } = await forms.readiness()
    ctx.status = ready ? 200 : 503
    ctx.body = { status: ready ? 'ready' : 'not ready', uptimeSeconds: uptimeSeconds(), ...report }
  })
  // @koa/router types its middleware for the context it extends at run time (params, router).
  const routes = router.routes() as unknown as Middleware
  const allowed = router.allowedMethods() as unknown as Middleware
  // Every request passes here: only the two probe paths go through the router's matching.
  return (ctx, next) => (ctx.path === '/health' || ctx.path === '/ready' ? routes(ctx, () => allowed(ctx, next)) : next())
}
