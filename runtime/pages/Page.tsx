import type { Route } from '../generated/site-config'
import { BlockList } from '../blocks'
import { usePageHead } from './usePageHead'

export function Page({ route }: { route: Route }) {
  usePageHead(route)
  return <BlockList blocks={route.blocks} where={route.path} />
}
