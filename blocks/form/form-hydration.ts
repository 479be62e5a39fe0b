import type { Hydration } from '../../kit/hydration'

/**
 * When a built page hydrates a form: as it comes near the window. Written once for the registry,
 * which declares it, and the block, which places its island (FormIsland.tsx) with it.
 */
export const formHydration: Hydration = 'visible'
