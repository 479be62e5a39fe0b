import { ColorInput } from '@mantine/core'
import { shadesOf } from '../../../site/theme-colors.ts'
import { inputFrame, useSetText } from './basic-inputs.tsx'
import type { WidgetProps } from './field-context'

const hexColour = /^#[0-9a-fA-F]{6}$/

/**
 * `"x-editor": "color"`: a six-digit hex colour, typed or picked. The swatches are the ten shades
 * the site makes of the colour as it is now (site/theme-colors.ts, as the build makes them), so a
 * lighter or darker step of the same hue is one click away, e.g. to get white text on it readable.
 */
export function ColorWidget(props: WidgetProps) {
  const setText = useSetText(props)
  const value = (props.value as string | undefined) ?? ''
  return (
    <ColorInput
      {...inputFrame(props)}
      value={value}
      onChange={setText}
      format="hex"
      swatches={hexColour.test(value) ? [...shadesOf(value)] : undefined}
      swatchesPerRow={10}
      eyeDropperButtonProps={{ 'aria-label': `Pick ${props.label.toLowerCase()} from the screen` }}
      placeholder={typeof props.schema.default === 'string' ? props.schema.default : '#0040c5'}
    />
  )
}
