import { Badge, Box, Button, ColorSwatch, Group, Stack, Table, Text, Title } from '@mantine/core'
import type { SiteConfig, SiteTheme } from '../../../site/generated/site-config'
import { contrastRatio, darkerFix, MINIMUM_TEXT_CONTRAST, ratioWords, themeContrast, type PairingContrast } from '../../../site/theme-contrast.ts'
import { themePalettes } from '../../../site/theme-palettes.ts'
import { useFieldEnvironment } from '../form/field-context'
import { schemaAt } from '../schema/config-schema'

type ThemeColours = Pick<SiteTheme, 'primaryColor' | 'accentColor'>

const hexColour = /^#[0-9a-fA-F]{6}$/

/** The label of a swatch in whichever of black and white reads better on it. */
const inkOn = (background: string) => (contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000')

/**
 * The theme's colours as the site will use them: the ten shades the build makes of each
 * (site/theme-palettes.ts, the very function the build calls) and the contrast of the text the
 * site draws on them (site/theme-contrast.ts, the checker's own rule), with a darker colour to
 * switch to where a pairing is too faint.
 */
export function ThemePreview({ config }: { config: SiteConfig }) {
  // Without a theme the site takes the schema's default colours.
  const theme = (config.site.theme ?? schemaAt(['site', 'theme'])?.default) as ThemeColours
  if (!hexColour.test(theme.primaryColor) || !hexColour.test(theme.accentColor)) {
    return (
      <Text size="sm" c="dimmed">
        The palette shows once both colours are six-digit hex codes such as #0040c5.
      </Text>
    )
  }
  const palettes = themePalettes(theme)
  return (
    <Stack gap="sm" component="section" aria-label="Palette and contrast">
      <Title order={3} size="h5">
        Palette
      </Title>
      <Text size="xs" c="dimmed">
        The shades the site makes of the theme’s colours, lightest (0) to darkest (9); shade 6 is the colour as given.
      </Text>
      <ShadeRow name="Primary colour" shades={palettes.brand} />
      <ShadeRow name="Accent colour" shades={palettes.accent} />
      <ShadeRow name="Accent’s bright tints" shades={palettes.highlight} />
      <Title order={3} size="h5">
        Text contrast
      </Title>
      <Text size="xs" c="dimmed">
        Text needs at least {MINIMUM_TEXT_CONTRAST}:1 against its background to be read easily; the check before saving holds the site to it.
      </Text>
      <Table withTableBorder verticalSpacing={6} aria-label="Text contrast">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sample</Table.Th>
            <Table.Th>Text</Table.Th>
            <Table.Th>Contrast</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {themeContrast(theme).map((found) => (
            <ContrastRow key={found.pairing.use} found={found} theme={theme} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}

function ShadeRow({ name, shades }: { name: string; shades: readonly string[] }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {name}
      </Text>
      <Group gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${name} shades`}>
        {shades.map((shade, index) => (
          <li key={index} title={shade}>
            <ColorSwatch color={shade} size={30} radius="sm" withShadow={false} aria-label={`Shade ${index}: ${shade}`} role="img">
              <Text span size="xs" fw={600} c={inkOn(shade)} aria-hidden>
                {index}
              </Text>
            </ColorSwatch>
          </li>
        ))}
      </Group>
    </div>
  )
}

function ContrastRow({ found, theme }: { found: PairingContrast; theme: ThemeColours }) {
  const { change } = useFieldEnvironment()
  const fix = found.passes ? undefined : darkerFix(theme, found.pairing)
  return (
    <Table.Tr>
      <Table.Td>
        <Box px={8} py={4} style={{ background: found.background, color: found.text, borderRadius: 4, fontWeight: 600, whiteSpace: 'nowrap' }}>
          Aa Sample
        </Box>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{found.pairing.use}</Text>
        <Text size="xs" c="dimmed">
          {found.text} on {found.background}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Text size="sm" fw={600}>
            {ratioWords(found.ratio)}
          </Text>
          <Badge color={found.passes ? 'green' : 'red'} variant="light">
            {found.passes ? 'Readable' : 'Too faint'}
          </Badge>
          {fix && (
            <Button size="compact-xs" variant="light" onClick={() => change(['site', 'theme', found.pairing.colour], fix.colour)}>
              Use {fix.colour}
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  )
}
