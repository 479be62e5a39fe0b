import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accepted, answer, scriptFetch, statusText, submit, textbox, type } from '../../tests/helpers/form-test-kit'
import { expectNoAxeViolations, renderInSite, asRendered } from '../../tests/helpers/render-block'
import Form from './Form'

afterEach(() => vi.unstubAllGlobals())

const pdf = (name = 'asha-roy-cv.pdf', size = 1200) => new File([new Uint8Array(size)], name, { type: 'application/pdf' })
const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!
const dropArea = () => screen.getByText(/Choose file or drag & drop|File selected:/)

function drop(file: File) {
  fireEvent.drop(dropArea(), { dataTransfer: { files: [file], types: ['Files'] } })
}

function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } })
}

async function renderCareer() {
  return renderInSite(<Form {...asRendered({ type: 'form', form: 'career', title: 'Application Form' })} />)
}

function fillPerson() {
  type('Full Name', 'Asha Roy')
  type('Phone Number', '+91 98300 12345')
  type('Email Address', 'asha.roy@example.org')
}

describe('form block: the career application', () => {
  it('shows the drop area with the accepted formats and the hint', async () => {
    const { container } = await renderCareer()
    expect(dropArea().textContent).toBe('Choose file or drag & drop')
    expect(fileInput().accept).toBe('.pdf,.doc,.docx')
    expect(screen.getByText('Supported formats: PDF, DOC, DOCX (Max: 5MB)')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeTruthy()
    await expectNoAxeViolations(container)
  })

  it('takes a dropped file and names it', async () => {
    await renderCareer()
    drop(pdf())
    expect(dropArea().textContent).toBe('File selected: asha-roy-cv.pdf')
  })

  it('refuses other file types and files over 5 MB in the browser, with a clear message', async () => {
    await renderCareer()
    drop(new File(['x'], 'photo.png', { type: 'image/png' }))
    expect(await screen.findByText('Only PDF, DOC and DOCX files are accepted. Please choose another file.')).toBeTruthy()
    expect(dropArea().textContent).toBe('Choose file or drag & drop')
    choose(pdf('big.pdf', 5 * 1024 * 1024 + 1))
    expect(await screen.findByText('This file is larger than 5MB. Please choose a smaller file.')).toBeTruthy()
    expect(dropArea().textContent).toBe('Choose file or drag & drop')
    choose(pdf('exactly-5mb.DOCX', 5 * 1024 * 1024))
    expect(dropArea().textContent).toBe('File selected: exactly-5mb.DOCX')
  })

  it('asks for all fields and the resume: "Please fill in all fields and upload your resume"', async () => {
    const { fetchMock } = scriptFetch()
    await renderCareer()
    fillPerson()
    submit()
    await waitFor(() => expect(statusText()).toBe('Please fill in all fields and upload your resume'))
    // The missing file is named as missing, not as a file of the wrong kind.
    expect(screen.getByText('Resume is required')).toBeTruthy()
    expect(screen.queryByText('Only PDF, DOC and DOCX files are accepted. Please choose another file.')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('uploads the resume itself as multipart/form-data with the mapped fields, then clears the form and the file input', async () => {
    let release: (response: Response) => void = () => {}
    const { calls } = scriptFetch(() => new Promise<Response>((resolve) => (release = resolve)))
    await renderCareer()
    fillPerson()
    const resume = pdf()
    choose(resume)
    submit()
    expect(await screen.findByRole('button', { name: 'Submitting Application...' })).toBeTruthy()

    const [call] = calls
    expect(call!.url).toBe('/api/career')
    // No Content-Type of our own: the browser writes multipart/form-data with its boundary.
    expect(call!.headers['Content-Type']).toBeUndefined()
    const body = call!.body as FormData
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'resume' && key !== 'fillTimeMs'))).toEqual({
      name: 'Asha Roy',
      email: 'asha.roy@example.org',
      phone: '+91 98300 12345',
      position: 'Job Application',
      website: '',
    })
    const sent = body.get('resume') as File
    expect([sent.name, sent.size, sent.type]).toEqual([resume.name, resume.size, resume.type])

    await act(async () => release(accepted()))
    await waitFor(() => expect(statusText()).toBe("Application submitted successfully! We'll review your application and get back to you soon."))
    expect(dropArea().textContent).toBe('Choose file or drag & drop')
    expect(fileInput().value).toBe('')
    expect(textbox('Full Name').value).toBe('')
  })

  it("says the field's own words when the server finds the file's content is not what its name says", async () => {
    scriptFetch(
      answer(400, {
        success: false,
        error: 'invalid_fields',
        message: 'Please check: resume (the file is named .pdf but its content is not a PDF, DOC or DOCX document)',
        data: { fields: ['resume'], problems: { resume: 'the file is named .pdf but its content is not a PDF, DOC or DOCX document' } },
      }),
    )
    await renderCareer()
    fillPerson()
    choose(pdf())
    submit()
    expect(await screen.findByText('Only PDF, DOC and DOCX files are accepted. Please choose another file.')).toBeTruthy()
    expect(statusText()).toBe('Please correct the highlighted fields and send again.')
  })

  it('prefixes the unexpected-error text with a warning sign', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    scriptFetch(new RangeError('something broke'))
    await renderCareer()
    fillPerson()
    choose(pdf())
    submit()
    await waitFor(() => expect(statusText()).toBe('⚠️ An unexpected error occurred. Please try again or contact us directly.'))
    vi.mocked(console.error).mockRestore()
  })
})
