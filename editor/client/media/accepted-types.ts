/**
 * What the file choosers offer: the picture formats the server takes (picture-formats.ts). Only a
 * convenience for the author; the server reads the type from the file's bytes, whatever it is called.
 */
export const acceptedTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/svg+xml']
