import { render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { keyHandOver } from './key-hand-over'

/** Fields as the form has them: the title's value held by React, changed only through onChange. */
function Fields({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <input aria-label="Title" value={value} onChange={(event) => setValue(event.currentTarget.value)} />
      <textarea aria-label="Intro" defaultValue="" />
      <input aria-label="Shown" type="checkbox" />
      <p data-testid="form-value">{value}</p>
    </>
  )
}

const title = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' })
const intro = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Intro' })
const formValue = () => screen.getByTestId('form-value').textContent

describe('keyHandOver: keys typed in the preview after a click reach the field it opens', () => {
  it('puts the caret where the click was and types the held keys there, in order, as the form’s own change', () => {
    render(<Fields initial="Cloud Services" />)
    const handOver = keyHandOver()
    const opened = handOver.picked('Cloud '.length)
    for (const key of ['M', 'y', ' ']) handOver.key(key)
    expect(formValue()).toBe('Cloud Services')
    title().focus()
    opened(title())
    expect(formValue()).toBe('Cloud My Services')
    expect(title().selectionStart).toBe('Cloud My '.length)
  })

  it('edits as the keys would: select-all then typing replaces, Backspace and Delete remove, Enter only in a text area', () => {
    render(<Fields initial="Encrypted and off-site" />)
    const handOver = keyHandOver()
    let opened = handOver.picked(undefined)
    for (const key of ['SelectAll', ...'Second feature', 'x', 'Backspace', 'Enter']) handOver.key(key)
    opened(title())
    expect(formValue()).toBe('Second feature')
    opened = handOver.picked(0)
    handOver.key('Delete')
    opened(title())
    expect(formValue()).toBe('econd feature')
    opened = handOver.picked(undefined)
    for (const key of ['a', 'Enter', 'b']) handOver.key(key)
    opened(intro())
    expect(intro().value).toBe('a\nb')
  })

  it('puts the caret at the end of the text when the preview could not tell where the click was', () => {
    render(<Fields initial="Cloud" />)
    const handOver = keyHandOver()
    const opened = handOver.picked(undefined)
    handOver.key('s')
    opened(title())
    expect(formValue()).toBe('Clouds')
  })

  it('types nothing when the click opened no text field, or when another click came meanwhile', () => {
    render(<Fields initial="Cloud" />)
    const handOver = keyHandOver()
    const none = handOver.picked(undefined)
    handOver.key('x')
    none(null)
    const checkbox = handOver.picked(undefined)
    handOver.key('y')
    checkbox(screen.getByRole('checkbox'))
    const overtaken = handOver.picked(undefined)
    handOver.key('z')
    const latest = handOver.picked(undefined)
    overtaken(title())
    expect(formValue()).toBe('Cloud')
    handOver.key('!')
    latest(title())
    expect(formValue()).toBe('Cloud!')
  })
})
