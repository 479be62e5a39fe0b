// The theme module scripts/lib/vite-site-config.ts makes from site.config.json's site.theme.

declare module 'virtual:site-theme' {
  /** The theme's colour palettes, worked out at build time (site/theme-palettes.ts). */
  const palettes: import('../site/theme-palettes').ThemePalettes
  export default palettes
}
