/** The preference for less motion, in a media query: `(prefers-reduced-motion)`, `(prefers-reduced-motion: reduce)` or `: no-preference`. */
const REDUCED_MOTION = /\(\s*prefers-reduced-motion\s*(?::\s*(reduce|no-preference)\s*)?\)/gi
/** Media features that always and never hold, valid wherever the preference was written. */
const ALWAYS = '(min-width: 0px)'
const NEVER = '(max-width: 0px) and (min-width: 1px)'

/** A media query as it reads for a visitor who asked for less motion. */
export const asReducedMotion = (query: string) => query.replace(REDUCED_MOTION, (_feature, value?: string) => (value?.toLowerCase() === 'no-preference' ? NEVER : ALWAYS))

function holdRules(rules: CSSRuleList) {
  for (const rule of rules) {
    if (rule instanceof CSSMediaRule) {
      const held = asReducedMotion(rule.media.mediaText)
      if (held !== rule.media.mediaText) rule.media.mediaText = held
    }
    if (rule instanceof CSSImportRule && rule.styleSheet) holdRules(rule.styleSheet.cssRules)
    // Grouping rules (@layer, @supports, a nested @media) hold rules of their own.
    if ('cssRules' in rule) holdRules(rule.cssRules as CSSRuleList)
  }
}

/**
 * The preview holds still while the author edits: it shows the site as a visitor who asked for
 * less motion (prefers-reduced-motion: reduce) sees it, the one path every moving part of the site
 * already takes, so no block needs to know about the editor. The carousel stays on its slide,
 * figures show their final numbers at once, sections are there without fading in, and a logo
 * strip stands still with each logo shown once. The preference is the browser's, not the page's,
 * so this page answers it itself: its scripts' media queries (window.matchMedia: the carousel,
 * the count-up, the fade-in) and its stylesheets' (@media rules: the logo strip's marquee, the
 * fade-in's transitions), as they arrive, for the page's styles load with the blocks that use them.
 */
export function holdStill() {
  const matchMedia = window.matchMedia.bind(window)
  window.matchMedia = (query) => matchMedia(asReducedMotion(query))

  const held = new WeakSet<CSSStyleSheet>()
  const holdSheets = () => {
    for (const sheet of document.styleSheets) {
      if (held.has(sheet)) continue
      held.add(sheet)
      holdRules(sheet.cssRules)
    }
  }
  holdSheets()
  // A <style> added or rewritten (the dev server's modules and their hot updates) has a new sheet
  // at once; a <link> has one once loaded, and its load event does not bubble (hence capture).
  new MutationObserver(holdSheets).observe(document.head, { childList: true, subtree: true, characterData: true })
  document.addEventListener('load', holdSheets, { capture: true })
}
