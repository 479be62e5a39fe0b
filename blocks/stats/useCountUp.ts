import { useInViewport } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { prefersReducedMotion } from '../../kit/motion/useReveal'

/** §4: about 60 steps of about 33 ms, so roughly two seconds from 0 to the target. */
export const COUNT_UP_STEPS = 60
export const COUNT_UP_STEP_MS = 33

/**
 * Progress of a count-up from 0 to 1. It is 1 (final numbers) on the server and in the first client
 * render, so the prerendered HTML shows the real figures and hydration matches. After hydration it
 * drops to 0 from an effect and climbs once the element is in view. Reduced motion: stays at 1.
 */
export function useCountUp<T extends HTMLElement>() {
  const { ref, inViewport } = useInViewport<T>()
  const [step, setStep] = useState<number | null>(null)

  useEffect(() => {
    if (!prefersReducedMotion()) setStep(0)
  }, [])

  // Once started it runs to the end, so a quick scroll past does not leave a half-counted figure.
  const [started, setStarted] = useState(false)
  useEffect(() => {
    if (inViewport) setStarted(true)
  }, [inViewport])

  const counting = step !== null && step < COUNT_UP_STEPS
  useEffect(() => {
    if (!counting || !started) return
    const timer = window.setInterval(() => {
      setStep((current) => Math.min(COUNT_UP_STEPS, (current ?? 0) + 1))
    }, COUNT_UP_STEP_MS)
    return () => window.clearInterval(timer)
  }, [counting, started])

  return { ref, progress: step === null ? 1 : step / COUNT_UP_STEPS }
}
