// Mantine's PostCSS setup (mantine.dev/styles/postcss-preset): nesting, rem()/em(), alpha(),
// light-dark(), the smaller-than/larger-than mixins, and Mantine's default breakpoints as
// $mantine-breakpoint-* variables for media queries (CSS variables cannot be used there).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
}
