/**
 * The keywords of schemas/ that describe rather than constrain: they change nothing about what is
 * valid. Every Ajv of the project declares them (site/schema-ajv.ts), so its strict mode accepts
 * them and still rejects a typo in a real keyword; the browser's payload check (blocks/form/
 * payload-check.ts) skips the form ones. A pure list, so the browser's site bundle can read it
 * without carrying ajv. Two literal lists and nothing computed, so a bundle keeps only the one it reads.
 */

/** Read by the VS Code JSON language server (completion, hover) and by the visual editor (`x-editor`). */
export const EDITOR_ANNOTATIONS = [
  'defaultSnippets',
  'markdownDescription',
  'markdownEnumDescriptions',
  'enumDescriptions',
  'deprecationMessage',
  'errorMessage',
  'doNotSuggest',
  'suggestSortText',
  'allowComments',
  'allowTrailingCommas',
  'x-editor', // the visual editor's input for a property (editor/client/form/widget-choice.ts)
] as const

/** The forms' words for the answer and the e-mail in schemas/forms/* (server/forms/form-definitions.ts reads them). */
export const FORM_ANNOTATIONS = ['x-successMessage', 'x-mail', 'x-mailLabel'] as const
