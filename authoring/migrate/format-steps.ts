import type { FormatStep } from './format-step.ts'
import { footerColumns } from './steps/footer-columns.ts'
import { formMail } from './steps/form-mail.ts'
import { heroBackgrounds } from './steps/hero-backgrounds.ts'

/**
 * Every breaking change of the schemas since the first format, in order: step i reads format
 * i + 1. A change that would make a valid config invalid adds its step here (docs/architecture.md,
 * "Changing a schema"), which raises the current format by one.
 */
export const formatSteps: readonly FormatStep[] = [footerColumns, formMail, heroBackgrounds]

/** The format today's schemas describe: the one every migration ends at. */
export const currentFormat = formatSteps.length + 1
