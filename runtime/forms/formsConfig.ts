import forms from 'virtual:site-forms'

/** The forms section of site.config.json: a chunk of its own, loaded only by pages with a form. */
export const formsConfig = forms
