import { SiteForm } from './SiteForm'

interface Props {
  form: string
  /** The id of the block's title, which names the form: rendered outside the island. */
  labelledBy: string
}

/**
 * The part of a form block a built page hydrates with React: the form itself. Its title, intro
 * and aside (pictures and words, their icons) only show, so they stay prerendered HTML and their
 * icons need no script.
 */
export default function FormIsland({ form, labelledBy }: Props) {
  return <SiteForm formId={form} labelledBy={labelledBy} />
}
