/** What `npm run test:bare-machine` was asked to do, or why it refuses to. */
export type BareMachineRequest = { mode: 'run' | 'dry-run' } | { refusal: string }

/**
 * The guards of a command that uninstalls system packages: it runs only when told so (`--yes`, or
 * BARE_MACHINE_CONFIRM=yes) and as root; a word it does not know is refused rather than guessed at.
 * `--dry-run` removes nothing, so it needs neither.
 */
export function bareMachineRequest(args: string[], env: NodeJS.ProcessEnv, uid: number | undefined): BareMachineRequest {
  const unknown = args.filter((arg) => !['--yes', '--dry-run'].includes(arg))
  if (unknown.length > 0) return { refusal: `Unknown argument: ${unknown.join(' ')}` }
  if (args.includes('--dry-run')) return { mode: 'dry-run' }
  if (!args.includes('--yes') && env.BARE_MACHINE_CONFIRM !== 'yes')
    return { refusal: 'This uninstalls system packages (chromium, nginx, redis-server) that other work on this machine may use: confirm with --yes.' }
  if (uid !== 0) return { refusal: 'Removing system packages needs root: run it as root (e.g. sudo npm run test:bare-machine -- --yes).' }
  return { mode: 'run' }
}
