import { createElement, Fragment, type ReactNode } from 'react'
import { templateParts } from '../site/text-template'

/**
 * A text of the config whose `{name}` placeholders take values that may be elements (a link, the
 * year in its own span): each part renders as its own node, as if the sentence were written in JSX.
 */
export function FilledText({ text, values }: { text: string; values: Readonly<Record<string, ReactNode>> }) {
  // As children arguments, not an array: the parts are fixed, and need no keys.
  return createElement(Fragment, null, ...templateParts(text, values))
}
