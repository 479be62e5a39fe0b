/** What a preview found, as the report, the terminal summary and the job summary show it. */
import type { RouteConfigChange } from './config-diff.ts'
import type { PageStatus } from './html-compare.ts'
import type { EncodedImage, PixelDiff } from './pixel-diff.ts'

/** The two widths every changed page is seen at: a phone's and a desktop's. */
export const widths = { phone: 390, desktop: 1280 } as const
export type WidthName = keyof typeof widths

export interface WidthResult {
  width: WidthName
  pixelWidth: number
  /** None for an added page, and for a page whose pixels did not change (`after` shows it). */
  before?: EncodedImage
  after?: EncodedImage
  /** Only for a page on both sides. */
  diff?: PixelDiff
  /** A side whose page still moved after several screenshots: its pixels may differ on their own. */
  unsettled: boolean
}

export interface PageResult {
  route: string
  status: PageStatus
  /** The page's config changes, when its path is a route of either config. */
  config?: RouteConfigChange
  widths: WidthResult[]
}

export interface PreviewResult {
  baseRef: string
  baseCommit: string
  /** How many pages the two builds have between them. */
  compared: number
  pages: PageResult[]
  /** Config changes outside the pages, which touch every page. */
  siteWide: string[]
  /** Pages whose config changed although their HTML did not. */
  configOnly: RouteConfigChange[]
}

const percent = (changed: number, total: number) => `${changed === 0 || total === 0 ? '0' : ((changed / total) * 100).toFixed(changed / total < 0.0001 ? 4 : 2)} %`

/** The pixel change of one width in a few words: "1,234 px (0.42 %)", "new page", "page removed". */
export function pixelText(result: WidthResult, status: PageStatus): string {
  if (status === 'added') return 'new page'
  if (status === 'removed') return 'page removed'
  if (!result.diff) return 'not compared'
  return `${result.diff.changed.toLocaleString('en-GB')} px (${percent(result.diff.changed, result.diff.total)})${result.unsettled ? ', page kept moving' : ''}`
}
