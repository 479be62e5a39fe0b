import { MantineProvider, TextInput } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScreenBoundary } from './ScreenBoundary'

let broken = true
/** A screen that fails to render while `broken` is true. */
function FragileForm() {
  if (broken) throw new Error('Cannot read properties of undefined (reading "cards")')
  return <p>The block form</p>
}

/** Two parts of an editor page, one of them fragile, and state held above both as the editor holds its edits. */
function Page({ resetKey }: { resetKey?: string }) {
  const [text, setText] = useState('Unsaved edit')
  return (
    <MantineProvider>
      <TextInput label="Heading" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <ScreenBoundary screen="block form" resetKey={resetKey}>
        <FragileForm />
      </ScreenBoundary>
    </MantineProvider>
  )
}

afterEach(() => vi.restoreAllMocks())

describe('an error in one part of the editor', () => {
  it('shows what failed in that part, keeps the rest usable with its edits, and tries again on request', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    broken = true
    render(<Page />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The block form stopped working')
    expect(alert.textContent).toContain('Cannot read properties of undefined (reading "cards")')
    expect(alert.textContent).toContain('your unsaved edits are kept')

    const heading = screen.getByRole('textbox', { name: 'Heading' })
    expect(heading).toHaveProperty('value', 'Unsaved edit')
    fireEvent.change(heading, { target: { value: 'Still editing' } })
    expect(heading).toHaveProperty('value', 'Still editing')

    broken = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByText('The block form')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('tries again by itself when the author moves on to another block', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    broken = true
    const { rerender } = render(<Page resetKey="block 1" />)
    expect(screen.getByRole('alert')).toBeTruthy()
    broken = false
    rerender(<Page resetKey="block 2" />)
    expect(screen.getByText('The block form')).toBeTruthy()
  })
})
