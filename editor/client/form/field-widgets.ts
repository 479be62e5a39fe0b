import type { ComponentType } from 'react'
import { AlternativesField } from './AlternativesField'
import { ArrayField } from './ArrayField'
import { BooleanWidget, EnumWidget, NoInput, NumberWidget, TextareaWidget, TextWidget } from './basic-inputs.tsx'
import { ColorWidget } from './ColorWidget'
import type { WidgetProps } from './field-context'
import { IconSelect } from './IconSelect'
import { ImageSourcePicker } from './ImageSourcePicker'
import { LinkTargetInput } from './LinkTargetInput'
import { ObjectField } from './ObjectField'
import type { WidgetName } from './widget-choice'

/**
 * The field component of each widget name (widget-choice.ts chooses the name from the schema). A
 * new input is a component here and, if a schema asks for it by name, an entry in EDITOR_INPUTS.
 */
export const fieldWidgets: Record<WidgetName, ComponentType<WidgetProps>> = {
  textarea: TextareaWidget,
  icon: IconSelect,
  link: LinkTargetInput,
  image: ImageSourcePicker,
  color: ColorWidget,
  developer: NoInput,
  const: NoInput,
  enum: EnumWidget,
  string: TextWidget,
  number: NumberWidget,
  boolean: BooleanWidget,
  object: ObjectField,
  array: ArrayField,
  alternatives: AlternativesField,
}
