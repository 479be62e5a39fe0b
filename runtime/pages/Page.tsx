import type { RouteSummary } from '../config'
import type { Block } from '../generated/site-config'
import { BlockList } from '../blocks'

export function Page({ route, blocks }: { route: RouteSummary; blocks: Block[] }) {
  return <BlockList blocks={blocks} where={route.path} />
}
