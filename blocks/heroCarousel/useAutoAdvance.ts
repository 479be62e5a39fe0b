import { useReducedMotion } from '@mantine/hooks'
import { useEffect, useState } from 'react'

/**
 * Slide index that moves on by itself every `intervalMs`, except while `held` (pointer over it or
 * keyboard focus in it), while the visitor has stopped it, or when the visitor prefers reduced
 * motion and has not pressed play. Each change (also a dot click) restarts the full interval.
 */
export function useAutoAdvance(count: number, intervalMs: number, held: boolean) {
  const [active, setActive] = useState(0)
  const reducedMotion = useReducedMotion()
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null)
  const playing = userPlaying ?? !reducedMotion
  const running = playing && !held && count > 1

  useEffect(() => {
    if (!running) return
    const timer = window.setTimeout(() => setActive((current) => (current + 1) % count), intervalMs)
    return () => window.clearTimeout(timer)
  }, [running, active, count, intervalMs])

  return { active, setActive, playing, running, togglePlaying: () => setUserPlaying(!playing) }
}
