import { pictureTypes } from '../../server/media/picture-types'

/**
 * What the file choosers offer: the picture formats the server takes. Only a convenience for the
 * author; the server reads the type from the file's bytes, whatever it is called.
 */
export const acceptedTypes = Object.values(pictureTypes).map(({ mime }) => mime)
