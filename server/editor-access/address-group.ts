import { isIP } from 'node:net'

const MAPPED_IPV4 = '::ffff:'

/** The eight 16-bit groups of a valid IPv6 address, `::` filled in (an embedded IPv4 counts as two). */
function ipv6Groups(address: string): string[] {
  const groupsOf = (part: string | undefined) => (part ? part.split(':').flatMap((piece) => (piece.includes('.') ? ['0', '0'] : [piece])) : [])
  const [head, tail] = address.split('::')
  const left = groupsOf(head)
  const right = groupsOf(tail)
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
}

/**
 * Who a failed sign-in is counted against, from the request's address (ctx.ip, which TRUST_PROXY
 * makes the visitor's): an IPv4 address as it is, also when a dual-stack socket reports it as
 * `::ffff:a.b.c.d`; an IPv6 address by its /64, since one subscriber is given a whole /64 and could
 * otherwise take a fresh address for every guess. Anything else (a proxy's odd header) as it came.
 */
export function addressGroup(ip: string): string {
  const address = ip.split('%')[0]!
  if (address.toLowerCase().startsWith(MAPPED_IPV4) && isIP(address.slice(MAPPED_IPV4.length)) === 4) return address.slice(MAPPED_IPV4.length)
  if (isIP(address) !== 6) return ip
  const prefix = ipv6Groups(address.toLowerCase())
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
  return `${prefix.join(':')}::/64`
}
