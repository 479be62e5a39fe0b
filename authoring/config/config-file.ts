import path from 'node:path'

/**
 * Where a command was started: npm runs scripts from the package folder, and INIT_CWD is where
 * the person typed the command, so paths they give and paths we print are relative to that.
 */
export function startingFolder(): string {
  return process.env.npm_lifecycle_event ? (process.env.INIT_CWD ?? process.cwd()) : process.cwd()
}

/** A file as the person knows it: relative to `base` when it is inside it, absolute otherwise. */
export function displayPath(base: string, file: string): string {
  const relative = path.relative(base, file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
}

/** The line every command that takes a config prints first, so a person sees which file it read. */
export function configInUseLine(file: string): string {
  return `Config: ${displayPath(startingFolder(), file)}`
}
