import { IconBuilding, IconForms, IconHistory, IconLanguage, IconLayoutBottombar, IconListSearch, IconMenu2, IconPalette, IconPhoto, type Icon } from '@tabler/icons-react'
import type { ComponentType } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { roleAllows, type Role } from '../../../site/editor-roles'
import type { EditorMode } from '../api/editor-api'
import { AuditScreen } from '../audit/AuditScreen'
import type { JsonPath } from '../state/json-path'
import { PicturesScreen } from '../media/PicturesScreen'
import { VersionsScreen } from '../versions/VersionsScreen'
import { ThemePreview } from './ThemePreview'

export interface SiteScreenProps {
  config: SiteConfig
  screen: SiteScreen
}

/** One screen of the "Site" group of the left nav: a part of the config outside the pages. */
export interface SiteScreen {
  id: string
  /** Its name in the nav and its heading. */
  label: string
  icon: Icon
  /** The part of the config it edits: the checker's problems there open this screen. */
  path?: JsonPath
  /** Properties of that part left to a screen of their own (the company's theme). */
  omit?: string[]
  /** The property of that part shown as a compact tree of entries (trees/EntryTree.tsx) instead of a form: the menu's entries, the footer's columns. */
  tree?: string
  /** Shown below the fields, e.g. the theme's palette and contrast. */
  Aside?: ComponentType<{ config: SiteConfig }>
  /**
   * A screen made by hand, for what is not a form from a schema (the pictures under public/images/,
   * which are files, not config); without it, the form from the schema at `path`.
   */
  Screen?: ComponentType<SiteScreenProps>
  /** Shown only where the editor saves this way (the published versions exist on a production server only). */
  only?: EditorMode
  /** Shown only to accounts of this role or above (the server refuses the others regardless). */
  role?: Role
}

/**
 * The site's screens, in the nav's order: each edits its part of the config with the form
 * generated from that part's schema. A new one is a line here, a screen of its own making
 * (`Screen`, no `path`) too.
 */
export const siteScreens: readonly SiteScreen[] = [
  { id: 'company', label: 'Company', icon: IconBuilding, path: ['site'], omit: ['theme'] },
  { id: 'theme', label: 'Theme', icon: IconPalette, path: ['site', 'theme'], Aside: ThemePreview },
  { id: 'menu', label: 'Header menu', icon: IconMenu2, path: ['navigation'], tree: 'items' },
  { id: 'footer', label: 'Footer', icon: IconLayoutBottombar, path: ['footer'], tree: 'columns' },
  { id: 'forms', label: 'Forms', icon: IconForms, path: ['forms'] },
  { id: 'words', label: 'Words', icon: IconLanguage, path: ['texts'] },
  { id: 'pictures', label: 'Pictures', icon: IconPhoto, Screen: PicturesScreen },
  { id: 'versions', label: 'Versions', icon: IconHistory, Screen: VersionsScreen, only: 'publish' },
  { id: 'audit', label: 'Audit trail', icon: IconListSearch, Screen: AuditScreen, only: 'publish', role: 'admin' },
]

/** The screens the editor offers where it saves this way, to an account of `role` (none that needs a role while it is not known). */
export const screensFor = (mode: EditorMode, role?: Role) =>
  siteScreens.filter((screen) => (!screen.only || screen.only === mode) && (!screen.role || (role !== undefined && roleAllows(role, screen.role))))

/** The screen whose part holds `path` (the deepest one: the theme, not the company, for site.theme.primaryColor). */
export function screenFor(path: JsonPath): SiteScreen | undefined {
  const holds = (screen: SiteScreen) => screen.path !== undefined && screen.path.every((key, index) => path[index] === key)
  return siteScreens.filter(holds).sort((a, b) => b.path!.length - a.path!.length)[0]
}
