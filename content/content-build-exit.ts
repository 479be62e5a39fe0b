import { checkExit } from '../authoring/check/config-check-report.ts'

/**
 * The content build command's exit codes: the check's (0 built, 1 problems, 2 could not check),
 * and one for a disk or quota that filled up while it wrote, which the publisher answers as a
 * full disk (the editor is told so) rather than as a failed build.
 */
export const contentBuildExit = { ...checkExit, outOfSpace: 3 } as const
