import { Button, Group, ScrollArea, Stack, Text, Title } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { useState } from 'react'
import { useEditorPlace } from './address/use-editor-place'
import { AccountMenu } from './account/AccountMenu'
import { useNotAllowed } from './account/use-allowed'
import { SignedOutNotice } from './account/SignedOutNotice'
import { useEditorRole } from './account/use-editor-role'
import { KeptDrafts } from './drafts/KeptDrafts'
import { TeamDrafts } from './drafts/TeamDrafts'
import { ScreenBoundary } from './errors/ScreenBoundary'
import { FindReplace } from './find/FindReplace'
import { goToField } from './form/field-anchor'
import { FieldEnvironmentProvider } from './form/FieldEnvironmentProvider'
import { MediaContext } from './media/media-context'
import { useMediaLibrary } from './media/use-media-library'
import { editorLanguages } from './languages/editor-languages'
import { firstText } from './languages/translation-value'
import { MissingTranslationsNote } from './pages/MissingTranslationsNote'
import { NewPageForm } from './pages/NewPageForm'
import { PageList } from './pages/PageList'
import { PageWorkspace } from './pages/PageWorkspace'
import { translationGaps } from './pages/translation-gaps'
import { PreviewFrame } from './preview/PreviewFrame'
import { problemPlace } from './save/problem-place'
import { ProblemList } from './save/ProblemList'
import { SaveBar, SaveNotice } from './save/SaveBar'
import { SiteScreenView } from './screens/SiteScreenView'
import { SiteNav } from './screens/SiteNav'
import { screenFor, screensFor } from './screens/site-screens'
import type { JsonPath } from './state/json-path'
import { useEditor } from './state/use-editor'
import { VersionsContext } from './versions/versions-context'
import type { SiteConfig } from '../../site/generated/site-config'
import classes from './EditorApp.module.css'

/**
 * The page shown for a selected address: the page with that path, else the one that has it as an
 * alias (the page whose address was just changed, after an undo), else the home page.
 */
function routeIndexOf(config: SiteConfig, path: string | null): number {
  const byPath = config.routes.findIndex((route) => route.path === path)
  if (byPath >= 0) return byPath
  return Math.max(
    0,
    config.routes.findIndex((route) => path !== null && route.aliases?.includes(path)),
  )
}

/**
 * The editor page: on the left the site's screens (company, theme, menus, footer, forms, words) and
 * the pages; in the middle the open screen, or the selected page's settings, blocks and a block's
 * form; on the right the live preview of the page last selected.
 */
export function EditorApp() {
  const editor = useEditor()
  const media = useMediaLibrary(editor)
  // The page, screen and block shown are in the address (/_editor/page/about?block=3): kept on reload, shared by a link.
  const [{ page: pagePath, screen: screenId, block: blockIndex }, go] = useEditorPlace()
  const [newPageOpen, setNewPageOpen] = useState(false)
  const role = useEditorRole()
  // Save publishes: an account that may not is told so where the button would be.
  const saveRefused = useNotAllowed('POST', 'save')
  useHotkeys([
    ['mod+z', editor.undo],
    ['mod+shift+z', editor.redo],
    ['mod+s', () => void editor.saveNow()],
  ])
  if (!editor.loaded)
    return (
      <>
        <SignedOutNotice />
        <Text p="md">{editor.loadError ?? 'Loading the site…'}</Text>
      </>
    )

  const { config } = editor
  const routeIndex = routeIndexOf(config, pagePath)
  const route = config.routes[routeIndex]!
  const screen = screensFor(editor.mode, role).find((candidate) => candidate.id === screenId)
  const selectPage = (path: string) => go({ page: path, screen: null, block: null })
  const selectScreen = (id: string) => go({ screen: id, block: null })
  const selectBlock = (index: number | null) => go({ page: route.path, screen: null, block: index })
  const routes = config.routes.map(({ path, title }) => ({ path, title: firstText(title) }))
  const languages = editorLanguages(config.site)
  const gaps = languages.length > 1 ? translationGaps(config) : undefined
  const missingByScreen = new Map([...(gaps?.screens ?? [])].map(([id, part]) => [id, part.texts.length]))
  /** Opens the page and block, or the screen, a place of the config is on, and takes the author to its field; resolves false when no screen shows it. */
  const showPlace = (path: JsonPath) => {
    const [section, index, blocksKey, block] = path
    const page = section === 'routes' && typeof index === 'number' ? config.routes[index] : undefined
    if (page) go({ page: page.path, screen: null, block: blocksKey === 'blocks' && typeof block === 'number' ? block : null })
    else {
      const holder = screenFor(path)
      // No page or screen shows it: said at once, rather than after waiting for a field that cannot come.
      if (!holder) return Promise.resolve(false)
      selectScreen(holder.id)
    }
    // goToField waits for the page, block or screen the field is in to render.
    return goToField(path)
  }

  return (
    <FieldEnvironmentProvider
      value={{ change: editor.change, problems: editor.problemsByPath, routes, images: editor.images, pictures: media.fields, rows: editor.rows, languages }}
    >
      <MediaContext.Provider value={{ ...media, label: editor.label }}>
        <VersionsContext.Provider value={{ reload: editor.reload, dirty: editor.dirty, published: editor.mode === 'publish', placeOf: problemPlace }}>
          <div className={classes.shell}>
            <header className={classes.bar}>
              <Title order={1} size="h4" className={classes.title}>
                Site editor{' '}
                {config.site?.name && (
                  <Text span size="sm" c="dimmed">
                    · {config.site.name}
                  </Text>
                )}
              </Title>
              <Group gap="md" wrap="nowrap" style={{ flexShrink: 0 }}>
                <FindReplace config={config} onReplace={editor.replaceConfig} onShow={(path) => void showPlace(path)} />
                {/* With the team's drafts, an editor's bar keeps Undo and Redo and says to ask a publisher; without them, Save publishes and is refused outright. */}
                {saveRefused && !editor.team?.enabled ? (
                  <Text size="sm" c="dimmed" maw={260}>
                    {saveRefused}
                  </Text>
                ) : (
                  <SaveBar editor={editor} />
                )}
                {editor.mode === 'publish' && <AccountMenu />}
              </Group>
            </header>
            <div className={classes.side}>
              <SiteNav selected={screen?.id ?? null} onSelect={selectScreen} mode={editor.mode} role={role} missingTranslations={missingByScreen} />
              <nav aria-label="Pages" className={classes.pages}>
                <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                  Pages
                </Text>
                <Button fullWidth mb="sm" onClick={() => setNewPageOpen(true)}>
                  New page
                </Button>
                <ScreenBoundary screen="pages list">
                  <PageList config={config} selected={screen ? null : route.path} onSelect={selectPage} />
                </ScreenBoundary>
              </nav>
            </div>
            <ScrollArea component="main" className={classes.work}>
              <Stack p="md" gap="md">
                <SignedOutNotice />
                <SaveNotice editor={editor} />
                <TeamDrafts editor={editor} />
                <KeptDrafts editor={editor} />
                <ScreenBoundary screen="problem list">
                  <ProblemList problems={editor.problems} config={config} onShow={(problem) => showPlace(problem.path)} />
                </ScreenBoundary>
                <MissingTranslationsNote gaps={screen ? gaps?.screens.get(screen.id) : gaps?.pages.get(routeIndex)} languages={languages} onShow={(path) => void showPlace(path)} />
                {screen ? (
                  <ScreenBoundary screen={`${screen.label} screen`} resetKey={screen.id}>
                    <SiteScreenView key={screen.id} config={config} screen={screen} />
                  </ScreenBoundary>
                ) : (
                  <PageWorkspace
                    config={config}
                    routeIndex={routeIndex}
                    blockIndex={blockIndex}
                    onSelectBlock={selectBlock}
                    onBlocksChange={(blocks, select) => {
                      editor.setBlocks(routeIndex, blocks)
                      selectBlock(select)
                    }}
                    onAddressChange={(next, address) => {
                      editor.replaceConfig(next)
                      go({ page: address }, { replace: true })
                    }}
                  />
                )}
              </Stack>
            </ScrollArea>
            <section className={classes.preview} aria-label="Live preview">
              <ScreenBoundary screen="preview">
                <PreviewFrame
                  config={config}
                  path={route.path}
                  block={screen ? null : blockIndex}
                  onPick={(index, field) => {
                    selectBlock(index)
                    // goToField waits for the block's form to render.
                    return goToField(['routes', routeIndex, 'blocks', index, ...field])
                  }}
                />
              </ScreenBoundary>
            </section>
          </div>
          <NewPageForm
            partners={editor.partners}
            unusablePartnerFiles={editor.unusablePartnerFiles}
            navigation={config.navigation}
            opened={newPageOpen}
            onClose={() => setNewPageOpen(false)}
            onCreate={async (fields) => {
              const refusal = await editor.createPage(fields)
              if (!refusal) selectPage(fields.path.replace(/(.)\/+$/, '$1'))
              return refusal
            }}
          />
        </VersionsContext.Provider>
      </MediaContext.Provider>
    </FieldEnvironmentProvider>
  )
}
