import { TextInput, type TextInputProps } from '@mantine/core'
import { useMounted } from '@mantine/hooks'
import { useState } from 'react'
import type { FormField } from './form-definition'
import { config } from '../../kit/config'
import { dateRange, todayIn } from '../../site/date-rules'
import { FIELD_FORMATS } from '../../site/form-rules'
import { localDate } from '../../site/locale-format'

interface DateFieldInputProps extends TextInputProps {
  field: FormField
}

/**
 * The browser's own date picker, kept: accessible, with a calendar on every device, and it sends
 * YYYY-MM-DD whatever the visitor's format. Its box is written in the browser's language
 * (mm/dd/yyyy), which no attribute changes everywhere, so the chosen date is also shown under it in
 * the site's words. `lang` asks the browsers that honour it for the site's format. The first and
 * last day allowed become min and max once the page runs, from today in the site's time zone: the
 * prerendered page was made on another day.
 */
export function DateFieldInput({ field, description, value, ...input }: DateFieldInputProps) {
  // Today as the page opened; the check before sending asks again (a page left open past midnight).
  const [today] = useState(() => todayIn(config.site.timeZone, Date.now()))
  const range = useMounted() ? dateRange(field, today) : {}
  const chosen = typeof value === 'string' && FIELD_FORMATS.date.valid(value) ? localDate(value, config.site.locale) : undefined
  const shown = [description, chosen].filter(Boolean).join(' · ')
  return <TextInput {...input} value={value} type="date" lang={config.site.locale} {...range} description={shown || undefined} />
}
