import type { RouteSummary } from '../config'
import type { Block } from '../generated/site-config'
import { BlockList } from '../blocks'
import { usePageHead } from './usePageHead'

export function Page({ route, blocks }: { route: RouteSummary; blocks: Block[] }) {
  usePageHead(route)
  return <BlockList blocks={blocks} where={route.path} />
}
