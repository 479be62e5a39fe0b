import { ensureSystemPackages } from '../../../scripts/lib/system-packages.ts'

/** Playwright's global setup: Debian's Chromium, which every browser test drives, installed when missing before the first test. */
export default async function installChromium(): Promise<void> {
  await ensureSystemPackages('chromium')
}
