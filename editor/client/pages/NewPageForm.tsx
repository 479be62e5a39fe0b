import { Alert, Button, Checkbox, Group, Modal, MultiSelect, NumberInput, Select, Stack, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { Navigation } from '../../../site/generated/site-config'
import { menusOf } from '../../../authoring/scaffold/menus'
import { DEFAULT_SECTIONS, MOST_ITEMS } from '../../../authoring/scaffold/page-sections'
import type { NewPageFields, NewPageRefusal } from '../api/editor-api'
import { ScreenBoundary } from '../errors/ScreenBoundary'

const templates = [
  { value: 'service', label: 'Service page (banner, cards, partner logos, reasons, call to action: as you choose below)' },
  { value: 'text', label: 'Text page (banner and a section of paragraphs)' },
  { value: 'empty', label: 'Empty page (a banner with the title only)' },
]
/** The site's own menus, by the names `npm run new-page -- --menu` takes (authoring/scaffold/menus.ts); a name twice is offered once, as --menu finds the first. */
function menuChoices(navigation: Navigation) {
  const menus = menusOf(navigation).filter((menu, index, all) => all.findIndex((other) => other.name.toLowerCase() === menu.name.toLowerCase()) === index)
  return [{ value: 'none', label: 'None' }, ...menus.map((menu) => ({ value: menu.name, label: menu.label }))]
}

const blank: NewPageFields = { path: '', title: '', template: 'service', menu: 'none', partners: [], ...DEFAULT_SECTIONS }

interface NewPageFormProps {
  opened: boolean
  onClose(): void
  /** Adds the page to the unsaved config; resolves with the refusal to show, or null when added. */
  onCreate(fields: NewPageFields): Promise<NewPageRefusal | null>
  /** Partner names to choose the logo strip from (public/images/partners/). */
  partners: string[]
  /** Picture files there that are not offered, and why. */
  unusablePartnerFiles?: { file: string; reason: string }[]
  /** The unsaved config's navigation: the menus a link to the page can join. */
  navigation: Navigation
}

/**
 * What `npm run new-page` does, as a form: the scaffold's checks and messages shown on the fields.
 * A service page is made with as many cards and reasons as asked for, each empty for its author to
 * write (the editor then marks what to fill in), and nothing made up to delete.
 */
export function NewPageForm({ opened, onClose, onCreate, partners, unusablePartnerFiles = [], navigation }: NewPageFormProps) {
  const [fields, setFields] = useState<NewPageFields>(blank)
  const [refusal, setRefusal] = useState<NewPageRefusal | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (patch: Partial<NewPageFields>) => {
    setFields({ ...fields, ...patch })
    setRefusal(null)
  }
  const errorOf = (field: NewPageRefusal['field']) => (refusal?.field === field ? refusal.message : undefined)
  /** The value, refusal and change of a required line of text: the page's path or title. */
  const textInput = (field: 'path' | 'title') => ({
    required: true,
    value: fields[field],
    error: errorOf(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set({ [field]: event.currentTarget.value }),
  })
  /** How many of a section's items the page starts with (0 leaves the section out). */
  const countInput = (field: 'cards' | 'reasons', label: string, description: string) => (
    <NumberInput
      label={label}
      description={description}
      min={0}
      max={MOST_ITEMS}
      allowDecimal={false}
      clampBehavior="strict"
      value={fields[field]}
      error={errorOf(field)}
      onChange={(count) => set({ [field]: typeof count === 'number' ? count : 0 })}
    />
  )

  async function create(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    const refused = await onCreate({ ...fields, menu: fields.menu === 'none' ? '' : fields.menu })
    setBusy(false)
    setRefusal(refused)
    if (!refused) {
      setFields(blank)
      onClose()
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="New page">
      <ScreenBoundary screen="new page form" consequence="Close this dialog to go on editing; your unsaved edits are kept.">
        <form onSubmit={create}>
          <Stack>
            <TextInput
              label="Path"
              description="The page's address: starts with /, then letters, digits, - and _, e.g. /services/consulting."
              {...textInput('path')}
              data-autofocus
            />
            <TextInput label="Title" description="The page's name, shown in the browser tab and the menu." {...textInput('title')} />
            <Select
              label="Template"
              description="What the page starts with; every text can be changed afterwards."
              data={templates}
              value={fields.template}
              allowDeselect={false}
              onChange={(template) => set({ template: (template ?? 'service') as NewPageFields['template'] })}
            />
            {fields.template === 'service' && (
              <Group grow align="flex-start">
                {countInput('cards', 'Cards', 'Capability cards, each to write; 0 for none.')}
                {countInput('reasons', 'Reasons to choose us', 'A list of reasons, each to write; 0 for none.')}
              </Group>
            )}
            {fields.template === 'service' && (
              <Checkbox
                label="A call to action at the end"
                description="A closing band with a button to the site's contact page."
                checked={fields.callToAction}
                onChange={(event) => set({ callToAction: event.currentTarget.checked })}
              />
            )}
            {fields.template === 'service' && (
              <MultiSelect
                label="Partner logos"
                description={[
                  'The vendors whose logos the page shows in its partner strip. None chosen: no strip (add one later with Add block).',
                  ...unusablePartnerFiles.map(({ file, reason }) => `Not offered: ${file}, as ${reason}.`),
                ].join(' ')}
                // Mantine's option lists throw on a value given twice or an empty one; the server names each partner once, and this keeps the list valid whatever it is sent.
                data={[...new Set(partners)].filter(Boolean)}
                value={fields.partners}
                searchable
                error={errorOf('partners')}
                onChange={(chosen) => set({ partners: chosen })}
              />
            )}
            <Select
              label="Menu"
              description="Adds a link to the page in this menu of the site's header."
              data={menuChoices(navigation)}
              value={fields.menu}
              allowDeselect={false}
              error={errorOf('menu')}
              onChange={(menu) => set({ menu: menu ?? 'none' })}
            />
            {refusal?.field === 'form' && (
              <Alert color="red" role="alert">
                {refusal.message}
              </Alert>
            )}
            <Button type="submit" loading={busy}>
              Create
            </Button>
          </Stack>
        </form>
      </ScreenBoundary>
    </Modal>
  )
}
