/**
 * The keywords of schemas/ that describe rather than constrain: they change nothing about what is
 * valid. Every Ajv of the project declares them (site/schema-ajv.ts), so its strict mode accepts
 * them and still rejects a typo in a real keyword. A pure list, so the editor's bundle can read it
 * without carrying ajv.
 */

/** Read by the VS Code JSON language server (completion, hover), the visual editor (`x-editor`) and the checker (`x-renamed`, `x-part-of`). */
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
  'x-renamed', // an enum's old values → their new names, which the checker suggests (authoring/check/value-errors.ts)
  'x-translatable', // a text visitors read, which a site in several languages gives per language (site/languages.ts)
  'x-part-of', // a text that must appear in another text of the same object, e.g. a highlight in its heading (authoring/check/text-part-checks.ts)
] as const
