import { useInViewport, useMounted } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { prefersReducedMotion } from '../../kit/motion/use-reveal'

/** A figure counts up in about 60 steps of about 33 ms, so roughly two seconds from 0 to its target. */
const COUNT_UP_STEPS = 60
const COUNT_UP_STEP_MS = 33

/**
 * Progress of a count-up from 0 to 1. It is 1 (final numbers) on the server and while hydrating,
 * so the prerendered HTML shows the real figures and hydration matches. Once the page is live it
 * drops to 0 and climbs once the element is in view. Reduced motion: stays at 1.
 */
export function useCountUp<T extends HTMLElement>() {
  const { ref, inViewport } = useInViewport<T>()
  const counts = useMounted() && !prefersReducedMotion()
  const [step, setStep] = useState(0)

  // Once started it runs to the end, so a quick scroll past does not leave a half-counted figure.
  const counting = counts && step < COUNT_UP_STEPS && (inViewport || step > 0)
  useEffect(() => {
    if (!counting) return
    const timer = window.setInterval(() => {
      setStep((current) => Math.min(COUNT_UP_STEPS, current + 1))
    }, COUNT_UP_STEP_MS)
    return () => window.clearInterval(timer)
  }, [counting])

  return { ref, progress: counts ? step / COUNT_UP_STEPS : 1 }
}
