import { createContext, useContext } from 'react'

/**
 * Where in a block the editor's author is working: the place of the field they are on, as
 * ['slides', 2, 'title']. The editor's preview provides it around the block being edited; on a
 * visitor's page it is empty, and nothing changes.
 */
export const EditedPlace = createContext<readonly (string | number)[]>([])

/**
 * The index of the item of the block's list `list` that the author is editing, if any: a block
 * that shows one item at a time (a carousel's slides) shows that one, so the preview shows what is
 * being edited.
 */
export function useEditedItem(list: string): number | undefined {
  const [key, index] = useContext(EditedPlace)
  return key === list && typeof index === 'number' ? index : undefined
}
