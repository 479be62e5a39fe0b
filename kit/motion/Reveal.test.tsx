import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Reveal } from './Reveal'
import { revealItem } from './reveal-item'
import { installFakeIntersectionObserver, preferReducedMotion } from './test-support/fake-intersection-observer'

afterEach(() => vi.unstubAllGlobals())

const section = () => screen.getByRole('region', { name: 'Our Story' })

function Story() {
  return (
    <Reveal aria-label="Our Story" stagger>
      <p {...revealItem(0)}>First</p>
      <p {...revealItem(1)}>Second</p>
    </Reveal>
  )
}

describe('Reveal', () => {
  it('prerenders its content fully visible', () => {
    expect(renderToString(<Story />)).toContain('data-reveal="static"')
  })

  it('hides a section that starts off screen and fades it in once 10% of it is 50 px inside the viewport', () => {
    const viewport = installFakeIntersectionObserver()
    render(<Story />)
    // Whether any of it is in the window, then when it crosses the reveal line.
    expect(viewport.options()).toEqual([{ threshold: [0, 0.1], rootMargin: '0px 0px -50px 0px' }, undefined])
    viewport.scrollTo(0)
    expect(section().dataset.reveal).toBe('hidden')
    viewport.scrollTo(0.05)
    expect(section().dataset.reveal).toBe('hidden')
    viewport.scrollTo(0.1)
    expect(section().dataset.reveal).toBe('shown')
    // Once shown it stays, even when scrolled away again.
    viewport.scrollTo(0)
    expect(section().dataset.reveal).toBe('shown')
  })

  it('never hides what is already on screen when the page loads', () => {
    const viewport = installFakeIntersectionObserver()
    render(<Story />)
    viewport.scrollTo(0.02)
    expect(section().dataset.reveal).toBe('static')
  })

  it('never hides a section whose top shows at the bottom of the window, below the reveal line', () => {
    const viewport = installFakeIntersectionObserver()
    render(<Story />)
    viewport.scrollTo(0.02, { insideMargin: 0 })
    expect(section().dataset.reveal).toBe('static')
  })

  it('does not animate for visitors who prefer reduced motion', () => {
    preferReducedMotion()
    const viewport = installFakeIntersectionObserver()
    render(<Story />)
    viewport.scrollTo(0)
    expect(section().dataset.reveal).toBe('static')
  })

  it('delays each card 0.1 s after the one before', () => {
    render(<Story />)
    expect(screen.getByText('First').style.getPropertyValue('--reveal-delay')).toBe('0.1s')
    expect(screen.getByText('Second').style.getPropertyValue('--reveal-delay')).toBe('0.2s')
  })
})
