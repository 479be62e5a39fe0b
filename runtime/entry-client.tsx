import './styles'
import { shellStyles } from './layout/shell-styles'
import { revealPrerendered } from '../kit/motion/reveal-prerendered'
import { builtSiteData } from './built-site-data'
import { hydrateIslands } from './islands/hydrate-islands'

const container = document.getElementById('root')!
Object.freeze(shellStyles)

if (container.hasChildNodes()) {
  // A prerendered page: it stays as it is, but for its islands, each hydrated on its own
  // (runtime/islands/), and its sections' reveal, run without React (kit/motion/reveal-prerendered.ts).
  revealPrerendered()
  hydrateIslands(builtSiteData())
} else if (import.meta.env.DEV) {
  // A build prerenders every page, the 404 page included, so this branch is left out of it.
  void import('./dev-entry').then(({ renderDevPage }) => renderDevPage(container))
}
