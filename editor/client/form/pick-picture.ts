import { useFieldEnvironment, type WidgetProps } from './field-context'
import { sizeToShow, type Size } from '../../server/media/picture-kinds'

/**
 * What an image field does with a picture picked from the list or just uploaded: it sets the path
 * and, when its object also has a width and a height (the schema's image), those too, to the size
 * the site shows the picture at (sizeToShow: a logo keeps its height, a picture its width), in one
 * change, so one undo takes all three back.
 */
export function usePickPicture({ path, parent }: WidgetProps) {
  const { change, pictures } = useFieldEnvironment()
  return (src: string | null, uploadedSize?: Size) => {
    const size = src ? (uploadedSize ?? pictures?.sizeOf(src)) : undefined
    const properties = parent?.schema.properties ?? {}
    if (!src || !size || !parent || !pictures || !('width' in properties && 'height' in properties)) return change(path, src ?? undefined)
    const objectPath = path.slice(0, -1)
    change(objectPath, { ...parent.value, [path.at(-1)!]: src, ...sizeToShow(size, parent.value, pictures.kindAt(objectPath)) })
  }
}
