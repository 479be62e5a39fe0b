import { describe, expect, it } from 'vitest'
import { fileProblem } from './FileDropField'
import { fileFieldOf, formDefinition, type FormField } from './form-definition'

const resumeField = fileFieldOf(formDefinition('career')) as FormField
const fileOf = (size: number, name = 'cv.pdf') => new File([new Uint8Array(size)], name, { type: 'application/pdf' })

describe('the browser check of a chosen file, the same boundary as the server', () => {
  it("takes the site's résumé of exactly 5 MB (5,242,880 bytes) and refuses one byte more", () => {
    expect(resumeField.maxSizeMb).toBe(5)
    expect(fileProblem(resumeField, fileOf(5_242_880))).toBeNull()
    expect(fileProblem(resumeField, fileOf(5_242_881))).toBe(resumeField.tooLargeMessage)
  })

  it('means "at most" for any limit a config sets, a fraction of a megabyte included', () => {
    const field: FormField = { ...resumeField, maxSizeMb: 0.5 }
    expect(fileProblem(field, fileOf(524_288))).toBeNull()
    expect(fileProblem(field, fileOf(524_289))).toBe(resumeField.tooLargeMessage)
  })
})
