import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { useId } from 'react'
import { alternativeLabel, matchingAlternative, switchedValue } from '../schema/alternatives'
import { useFieldEnvironment, type WidgetProps } from './field-context'
import { FieldsetIntro } from './FieldsetIntro'
import { alternativesOf, emptyValue } from '../schema/schemas'

/**
 * An `anyOf`/`oneOf`: a picker of which alternative the value is ("Link" or "Dropdown"), and the
 * fields of that one below. Picking another keeps what still fits (a link's label stays the
 * dropdown's label) and starts what the new one needs besides.
 */
export function AlternativesField(props: WidgetProps) {
  const { change } = useFieldEnvironment()
  const pickerLabelId = useId()
  const { schema, value, path, label, error, Field } = props
  const alternatives = alternativesOf(schema) ?? []
  const labels = alternatives.map(alternativeLabel)
  if (value === undefined) {
    return (
      <Stack gap={4}>
        <Group gap="xs">
          {alternatives.map((alternative, index) => (
            <Button key={index} variant="light" onClick={() => change(path, emptyValue(alternative))}>
              Add {label.toLowerCase()}: {labels[index]}
            </Button>
          ))}
        </Group>
        <FieldsetIntro description={schema.description} error={error} />
      </Stack>
    )
  }
  const chosen = matchingAlternative(alternatives, value)
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" fw={500} id={pickerLabelId}>
          {label} is a
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby={pickerLabelId}
          data={labels.map((text, index) => ({ value: String(index), label: text }))}
          value={String(chosen)}
          onChange={(index) => change(path, switchedValue(value, alternatives[Number(index)]!))}
        />
      </Group>
      {/* The chosen alternative's own field shows the checker's problem at this place. */}
      <FieldsetIntro description={schema.description} />
      <Field name={props.name} schema={alternatives[chosen]!} value={value} path={path} label={label} required={props.required} />
    </Stack>
  )
}
