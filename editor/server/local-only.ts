import type Koa from 'koa'

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const localHostnames = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether a request comes from this machine and names it: the editor writes the config file, so
 * neither a visitor on the network nor a web page the author has open elsewhere (through DNS
 * rebinding, or a form posted cross-site) may reach it.
 */
export function isLocalRequest(ctx: Koa.Context): boolean {
  if (!loopbackAddresses.has(ctx.socket.remoteAddress ?? '')) return false
  const hostname = (ctx.get('host') || '').replace(/:\d+$/, '')
  if (!localHostnames.has(hostname)) return false
  const origin = ctx.get('origin')
  return !origin || origin === `${ctx.protocol}://${ctx.get('host')}`
}
