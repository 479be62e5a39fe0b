import { createTheme } from '@mantine/core'

/** Brand: deep blue for trust, cyan accent; Mantine's default breakpoints (lg = 75em). */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    brand: ['#e7f0ff', '#cddcfb', '#9bb6f2', '#6690ea', '#3a6fe3', '#1f5adf', '#0d4fde', '#0040c5', '#0038b1', '#00309c'],
  },
  primaryShade: 7,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
})
