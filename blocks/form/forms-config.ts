import forms from 'virtual:site-forms'

/** The forms section of site.config.json: a chunk of its own, loaded only by pages with a form. */
export const formsConfig = forms

// `npm run dev`: a saved config replaces the contents in place; the page re-renders from
// kit/config.ts's update. Dropped from the production build.
if (import.meta.hot) {
  import.meta.hot.accept('virtual:site-forms', (next) => {
    if (next) Object.assign(formsConfig, next.default)
  })
}
