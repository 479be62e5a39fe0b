import type { RouteSummary } from '../../kit/config'
import type { Block } from '../../site/generated/site-config'
import { BlockList } from '../blocks'

export function Page({ route, blocks }: { route: RouteSummary; blocks: Block[] }) {
  return <BlockList blocks={blocks} where={route.path} />
}
