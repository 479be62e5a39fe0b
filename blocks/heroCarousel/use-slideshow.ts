import { useReducedMotion } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import type { default as SlideshowEngine, SlideshowControls } from './SlideshowEngine'

/**
 * The banner's state: shown slide, play/pause, and the Embla controls once they have loaded.
 * `turns` is false for a single slide: a still banner, for which Embla is never loaded.
 */
export function useSlideshow(held: boolean, turns: boolean) {
  const [Engine, setEngine] = useState<typeof SlideshowEngine | null>(null)
  // Embla's chunk (about 8 KB compressed) is requested only once the banner has hydrated: the
  // first slide is complete in the prerendered HTML and needs no script, and the first automatic
  // turn is seconds away, so the carousel library stays out of the page's start-up JavaScript.
  useEffect(() => {
    if (turns) void import('./SlideshowEngine').then((module) => setEngine(() => module.default))
  }, [turns])
  const [viewport, viewportRef] = useState<HTMLElement | null>(null)
  const [controls, setControls] = useState<SlideshowControls | null>(null)
  const [active, setActive] = useState(0)
  const reducedMotion = useReducedMotion()
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null)
  const playing = userPlaying ?? !reducedMotion
  return {
    // A banner that drops to one slide (the dev server or the editor's preview) stops its engine too.
    Engine: turns ? Engine : null,
    viewport,
    viewportRef,
    active,
    setActive,
    setControls,
    show: (index: number) => controls?.show(index),
    step: (by: -1 | 1) => controls?.step(by),
    playing,
    running: playing && !held,
    togglePlaying: () => setUserPlaying(!playing),
  }
}
