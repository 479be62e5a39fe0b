import './styles'
import { shellStyles } from './layout/shell-styles'
import { revealPrerendered } from '../kit/motion/reveal-prerendered'
import { enhanceParts } from './islands/enhance-parts'
import { ISLAND_ATTRIBUTE } from '../kit/islands/island-markup'

const container = document.getElementById('root')!
Object.freeze(shellStyles)

if (container.hasChildNodes()) {
  // A prerendered page: it stays as it is, but for its sections' reveal and the parts that move,
  // each on its own. Those written as plain script (the header, the footer's button, most
  // interactive blocks) are enhanced without React; React and the site's shared data are loaded
  // only for a page with an island that needs them (a form).
  revealPrerendered()
  enhanceParts()
  if (document.querySelector(`[${ISLAND_ATTRIBUTE}]`)) {
    void import('./islands/hydrate-islands').then(({ hydrateIslands }) => hydrateIslands())
  }
} else if (import.meta.env.DEV) {
  // A build prerenders every page, the 404 page included, so this branch is left out of it.
  void import('./dev-entry').then(({ renderDevPage }) => renderDevPage(container))
}
