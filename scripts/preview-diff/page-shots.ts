/** Every changed page before and after at both widths, with its changed pixels counted and drawn. */
import pLimit from 'p-limit'
import sharp from 'sharp'
import type { RouteConfigChange } from './config-diff.ts'
import type { PageChange } from './html-compare.ts'
import { diffScreenshots, encodeImage } from './pixel-diff.ts'
import { widths, type PageResult, type WidthName, type WidthResult } from './preview-result.ts'
import { PreviewError } from './preview-error.ts'
import { openCamera, type Screenshot } from './screenshots.ts'

export interface ShotSites {
  before: string
  after: string
}

// Two pages at a time: most of a screenshot's time is the page loading and Chromium painting, in
// processes of their own, so two overlap well; more only queue for the same cores.
const PAGES_AT_ONCE = 2

export async function shootPages(
  changes: PageChange[],
  sites: ShotSites,
  configOf: (route: string) => RouteConfigChange | undefined,
  log: (line: string) => void,
): Promise<PageResult[]> {
  const camera = await openCamera()
  const limit = pLimit(PAGES_AT_ONCE)
  const shoot = (site: string, route: string, width: WidthName) =>
    limit(() =>
      camera.shoot(site, route, width).catch((error: Error) => {
        throw new PreviewError(`no screenshot of ${route} at ${widths[width]} px from ${site}: ${error.message.split('\n')[0]}`)
      }),
    )
  const encode = (shot: Screenshot | undefined) => (shot ? encodeImage(sharp(shot.png)) : Promise.resolve(undefined))

  async function widthResult(change: PageChange, width: WidthName): Promise<WidthResult> {
    const [before, after] = await Promise.all([
      change.status === 'added' ? undefined : shoot(sites.before, change.route, width),
      change.status === 'removed' ? undefined : shoot(sites.after, change.route, width),
    ])
    const diff = before && after ? await diffScreenshots(before.png, after.png) : undefined
    return {
      width,
      pixelWidth: widths[width],
      // A page that looks the same before and after is shown once.
      before: diff?.changed === 0 ? undefined : await encode(before),
      after: await encode(after),
      diff,
      unsettled: before?.settled === false || after?.settled === false,
    }
  }

  try {
    log(`Screenshots of ${changes.length} page${changes.length === 1 ? '' : 's'} at ${Object.values(widths).join(' and ')} px…`)
    return await Promise.all(
      changes.map(async (change) => ({
        route: change.route,
        status: change.status,
        config: configOf(change.route),
        widths: await Promise.all((Object.keys(widths) as WidthName[]).map((width) => widthResult(change, width))),
      })),
    )
  } finally {
    await camera.close()
  }
}
