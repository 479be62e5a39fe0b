import { Box, Group, Stack, Text, Title } from '@mantine/core'
import type { Block, SiteConfig } from '../../../site/generated/site-config'
import { BlockEditor } from '../blocks/BlockEditor'
import { BlockOutline } from '../blocks/BlockOutline'
import { BlockPicker } from '../blocks/BlockPicker'
import { blockSchemas, startingValue } from '../schema/schemas'
import { moveItem } from '../state/json-path'
import { ScreenBoundary } from '../errors/ScreenBoundary'
import { PageHistoryButton } from '../history/PageHistoryButton'
import { PageSettings } from './PageSettings'
import { firstText } from '../languages/translation-value'

interface PageWorkspaceProps {
  config: SiteConfig
  routeIndex: number
  /** The block whose form is open, or null. */
  blockIndex: number | null
  onSelectBlock(index: number | null): void
  /** The page's blocks changed, with the block to select after. */
  onBlocksChange(blocks: Block[], select: number | null): void
  /** The config with the page's address changed, and the new address. */
  onAddressChange(config: SiteConfig, address: string): void
}

/** One page in the middle column: its settings, then its blocks in order with the selected block's form below. */
export function PageWorkspace({ config, routeIndex, blockIndex, onSelectBlock, onBlocksChange, onAddressChange }: PageWorkspaceProps) {
  const route = config.routes[routeIndex]!
  const blocks = route.blocks
  const block = blockIndex === null ? undefined : blocks[blockIndex]
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Box>
          <Title order={2} size="h4">
            {firstText(route.title)}
          </Title>
          <Text size="sm" c="dimmed">
            {route.path}
          </Text>
        </Box>
        <PageHistoryButton path={route.path} title={firstText(route.title)} />
      </Group>
      <ScreenBoundary screen="page settings" resetKey={route.path}>
        <PageSettings config={config} routeIndex={routeIndex} onAddressChange={onAddressChange} />
      </ScreenBoundary>
      <Stack gap="sm" component="section" aria-label="Blocks">
        <Title order={3} size="h5">
          Blocks
        </Title>
        <ScreenBoundary screen="block list" resetKey={route.path}>
          <BlockOutline
            blocks={blocks}
            selected={blockIndex}
            onSelect={onSelectBlock}
            onMove={(from, to) => onBlocksChange(moveItem(blocks, from, to), to)}
            onDuplicate={(index) => onBlocksChange([...blocks.slice(0, index + 1), structuredClone(blocks[index]!), ...blocks.slice(index + 1)], index + 1)}
            onRemove={(index) =>
              onBlocksChange(
                blocks.filter((_, other) => other !== index),
                null,
              )
            }
          />
          <BlockPicker onPick={(type) => onBlocksChange([...blocks, startingValue(blockSchemas[type]!) as Block], blocks.length)} />
        </ScreenBoundary>
      </Stack>
      {block && (
        <ScreenBoundary screen="block form" resetKey={`${route.path}/${blockIndex}`}>
          <BlockEditor key={`${route.path}/${blockIndex}`} block={block} index={blockIndex!} path={['routes', routeIndex, 'blocks', blockIndex!]} />
        </ScreenBoundary>
      )}
    </>
  )
}
