import { Input, Stack, Textarea, TextInput } from '@mantine/core'
import { useId } from 'react'
import { fieldAnchor } from './field-anchor'
import { useFieldEnvironment, useFieldError, type WidgetProps } from './field-context'
import type { JsonPath } from '../state/json-path'
import { isTranslations, textIn } from '../../../site/languages'
import type { EditorLanguage } from '../languages/editor-languages'
import { textInLanguage, withTranslation } from '../languages/translation-value'
import classes from './TranslatableField.module.css'

interface TranslatableFieldProps extends WidgetProps {
  languages: EditorLanguage[]
  /** Prose grows in a text area, as the one-language field has it. */
  multiline: boolean
}

interface LanguageBoxProps {
  language: EditorLanguage
  path: JsonPath
  value: string
  placeholder?: string
  multiline: boolean
  /** The whole text's problem, marked on the default language's box. */
  marked: boolean
  onChange(text: string): void
  onLeave(): void
}

/** One language's input: a field of its own place (`title.bn`), so a problem or a match found there takes the author to this very box. */
function LanguageBox({ language, path, value, placeholder, multiline, marked, onChange, onLeave }: LanguageBoxProps) {
  const error = useFieldError(path)
  const common = {
    label: language.name,
    lang: language.tag,
    value,
    placeholder,
    error: error ?? marked,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  }
  return (
    <div {...fieldAnchor(path)} style={{ display: 'contents' }} onBlur={onLeave}>
      {multiline ? <Textarea {...common} autosize minRows={2} maxRows={10} /> : <TextInput {...common} />}
    </div>
  )
}

/**
 * A text visitors read, in a site of several languages: one input per language side by side
 * (stacked in a narrow column), the default language first, each named by the language's own
 * name and marked with its `lang`, so a browser spells and reads each in its language. It writes
 * a plain string while only the default language has words and the translations once another has
 * (translation-value.ts).
 */
export function TranslatableField({ languages, multiline, ...props }: TranslatableFieldProps) {
  const { change, rows } = useFieldEnvironment()
  const labelId = useId()
  const codes = languages.map(({ language }) => language)
  // What visitors of a language without its own words read: the default language's, which the site falls back to.
  const given = typeof props.value === 'string' || isTranslations(props.value, codes) ? textIn(props.value, codes[0]!, codes) : ''
  const fallback = given || (typeof props.schema.default === 'string' ? props.schema.default : '')
  const set = (language: string, text: string) => {
    const next = withTranslation(props.value, language, text, codes)
    change(props.path, next === undefined && props.required ? '' : next)
  }
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} required={props.required}>
        {props.label}
      </Input.Label>
      {props.schema.description && <Input.Description>{props.schema.description}</Input.Description>}
      <div className={classes.side}>
        {languages.map((language, index) => (
          <LanguageBox
            key={language.language}
            language={language}
            path={[...props.path, language.language]}
            value={textInLanguage(props.value, language.language, codes)}
            placeholder={fallback || undefined}
            multiline={multiline}
            marked={index === 0 && Boolean(props.error)}
            onChange={(text) => set(language.language, text)}
            // The language boxes are fields of their own: leaving one touches the text (new-rows.ts), as leaving a one-language field does.
            onLeave={() => rows?.touched(props.path)}
          />
        ))}
      </div>
      {props.error && <Input.Error>{props.error}</Input.Error>}
    </Stack>
  )
}
