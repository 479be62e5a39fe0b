/**
 * Whether a built page hydrates a part of it, and when: never (`false`: it only shows, and its
 * prerendered HTML is all a visitor needs, with no React work in the browser), once it scrolls
 * near the window ('visible'), or once the browser has nothing better to do ('idle'). Blocks
 * declare it in blocks/registry.ts, the shell's parts in runtime/islands/shell-parts.ts.
 */
export type Hydration = 'visible' | 'idle' | false
