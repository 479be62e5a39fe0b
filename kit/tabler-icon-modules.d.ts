// One Tabler icon's own module (kit/icon-loaders.ts); the package types only its index.
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  const icon: import('@tabler/icons-react').Icon
  export default icon
}
