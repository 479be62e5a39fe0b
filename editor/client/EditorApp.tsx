import { Box, Button, ScrollArea, Stack, Text, Title } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { useState } from 'react'
import { BlockEditor } from './blocks/BlockEditor'
import { BlockOutline } from './blocks/BlockOutline'
import { BlockPicker } from './blocks/BlockPicker'
import { goToField } from './form/field-anchor'
import { FieldEnvironmentProvider } from './form/FieldEnvironmentProvider'
import { blockSchemas, startingValue } from './form/schemas'
import { MenuEditor } from './menu/MenuEditor'
import { NewPageForm } from './pages/NewPageForm'
import { PageList } from './pages/PageList'
import { PreviewFrame } from './preview/PreviewFrame'
import { ProblemList } from './save/ProblemList'
import { SaveBar, SaveNotice } from './save/SaveBar'
import { moveItem } from './state/json-path'
import { useEditor } from './state/use-editor'
import type { Block } from '../../site/generated/site-config'
import classes from './EditorApp.module.css'

/** The editor page: pages on the left, the selected page's blocks and a block's form in the middle, the live preview on the right. */
export function EditorApp() {
  const editor = useEditor()
  const [pagePath, setPagePath] = useState<string | null>(null)
  const [blockIndex, setBlockIndex] = useState<number | null>(null)
  const [newPageOpen, setNewPageOpen] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  useHotkeys([
    ['mod+z', editor.undo],
    ['mod+shift+z', editor.redo],
    ['mod+s', () => void editor.saveNow()],
  ])
  if (!editor.loaded) return <Text p="md">Loading {editor.label}…</Text>

  const { config } = editor
  const routeIndex = Math.max(
    0,
    config.routes.findIndex((route) => route.path === pagePath),
  )
  const route = config.routes[routeIndex]!
  const blocks = route.blocks
  const block = blockIndex === null ? undefined : blocks[blockIndex]
  const selectPage = (path: string) => {
    setPagePath(path)
    setBlockIndex(null)
    setMenuOpen(false)
  }
  const setBlocks = (next: Block[], select: number | null) => {
    editor.setBlocks(routeIndex, next)
    setBlockIndex(select)
  }
  const routes = config.routes.map(({ path, title }) => ({ path, title }))

  return (
    <FieldEnvironmentProvider value={{ change: editor.change, problems: editor.problemsByPath, routes, images: editor.images }}>
      <div className={classes.shell}>
        <header className={classes.bar}>
          <Title order={1} size="h4">
            Site editor{' '}
            <Text span size="sm" c="dimmed">
              · {editor.label}
            </Text>
          </Title>
          <SaveBar editor={editor} />
        </header>
        <nav className={classes.pages} aria-label="Pages">
          <Button fullWidth mb="sm" onClick={() => setNewPageOpen(true)}>
            New page
          </Button>
          <Button fullWidth mb="sm" variant={menuOpen ? 'filled' : 'light'} aria-pressed={menuOpen} onClick={() => setMenuOpen(true)}>
            Edit the header menu
          </Button>
          <PageList config={config} selected={menuOpen ? null : route.path} onSelect={selectPage} />
        </nav>
        <ScrollArea component="main" className={classes.work}>
          <Stack p="md" gap="md">
            <SaveNotice editor={editor} />
            <ProblemList
              problems={editor.problems}
              onShow={(problem) => {
                if (problem.routePath) selectPage(problem.routePath)
                setBlockIndex(problem.blockIndex ?? null)
                if (problem.path[0] === 'navigation') setMenuOpen(true)
                // After the page, block or menu it is in has rendered.
                setTimeout(() => goToField(problem.path))
              }}
            />
            {menuOpen ? (
              <MenuEditor navigation={config.navigation} />
            ) : (
              <>
                <Box>
                  <Title order={2} size="h4">
                    {route.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {route.path}
                  </Text>
                </Box>
                <BlockOutline
                  blocks={blocks}
                  selected={blockIndex}
                  onSelect={setBlockIndex}
                  onMove={(from, to) => setBlocks(moveItem(blocks, from, to), to)}
                  onDuplicate={(index) => setBlocks([...blocks.slice(0, index + 1), structuredClone(blocks[index]!), ...blocks.slice(index + 1)], index + 1)}
                  onRemove={(index) =>
                    setBlocks(
                      blocks.filter((_, other) => other !== index),
                      null,
                    )
                  }
                />
                <BlockPicker onPick={(type) => setBlocks([...blocks, startingValue(blockSchemas[type]!) as Block], blocks.length)} />
                {block && <BlockEditor key={`${route.path}/${blockIndex}`} block={block} index={blockIndex!} path={['routes', routeIndex, 'blocks', blockIndex!]} />}
              </>
            )}
          </Stack>
        </ScrollArea>
        <section className={classes.preview} aria-label="Live preview">
          <PreviewFrame
            config={config}
            path={route.path}
            block={menuOpen ? null : blockIndex}
            onPick={(index, field) => {
              setMenuOpen(false)
              setBlockIndex(index)
              // After the block's form has rendered.
              setTimeout(() => goToField(['routes', routeIndex, 'blocks', index, ...field]))
            }}
          />
        </section>
      </div>
      <NewPageForm
        partners={editor.partners}
        navigation={config.navigation}
        opened={newPageOpen}
        onClose={() => setNewPageOpen(false)}
        onCreate={async (fields) => {
          const refusal = await editor.createPage(fields)
          if (!refusal) selectPage(fields.path.replace(/(.)\/+$/, '$1'))
          return refusal
        }}
      />
    </FieldEnvironmentProvider>
  )
}
