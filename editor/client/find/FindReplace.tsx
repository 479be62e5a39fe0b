import { Button, Checkbox, CloseButton, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import { problemPlace } from '../save/problem-place'
import type { JsonPath } from '../state/json-path'
import { siteTexts } from './site-texts'
import { findMatches, replaceMatches, snippetOf, type TextMatch } from './text-matches'
import classes from './FindReplace.module.css'

/** The matches listed at once: a search for one letter finds thousands, which Replace all still takes; the list stays quick. */
const LISTED = 200

/** mod+shift+F: Ctrl+F is the browser's own find in the page, which a person still wants. */
const SHORTCUT = 'mod+shift+F'

interface FindReplaceProps {
  config: SiteConfig
  /** Puts in the config with the replacements made, as one change that one undo takes back. */
  onReplace(config: SiteConfig): void
  /** Opens the page, block or screen a place is on and takes the author to its field. */
  onShow(path: JsonPath): void
}

/**
 * Find and replace across the site: a button in the editor's bar (and mod+shift+F, in any field)
 * opens a panel that searches every text of every page and site setting, lists each match where
 * the screens show it ("Home › 1. Hero carousel › Slide 1 › Heading") with the words around it,
 * goes to a match's field when clicked, and replaces one match or all of them, each as one change.
 */
export function FindReplace({ config, onReplace, onShow }: FindReplaceProps) {
  const [open, setOpen] = useState(false)
  const [term, setTerm] = useState('')
  const [replacement, setReplacement] = useState('')
  const [matchCase, setMatchCase] = useState(false)
  const findBox = useRef<HTMLInputElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  /** After a match is replaced, the focus goes to the match now in its row (or the search box), not lost with the row. */
  const focusRow = useRef<number | null>(null)
  /** How many matches the last Replace all replaced, to say so until the search changes. */
  const [replaced, setReplaced] = useState<number | null>(null)

  const texts = useMemo(() => (open ? siteTexts(config) : []), [open, config])
  const matches = useMemo(() => findMatches(texts, term, { matchCase }), [texts, term, matchCase])
  const listed = matches.slice(0, LISTED)
  const places = new Set(matches.map((match) => JSON.stringify(match.path))).size

  const show = () => {
    setOpen(true)
    // The box is there after this render; select what was searched last, to type over it.
    requestAnimationFrame(() => findBox.current?.select())
  }
  const close = () => {
    setOpen(false)
    opener.current?.focus()
  }
  useHotkeys([[SHORTCUT, show]], [])

  useEffect(() => {
    if (focusRow.current === null) return
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('[data-replace-one]') ?? []
    ;(buttons[Math.min(focusRow.current, buttons.length - 1)] ?? findBox.current)?.focus()
    focusRow.current = null
  })

  const replaceOne = (match: TextMatch, row: number) => {
    focusRow.current = row
    onReplace(replaceMatches(config, [match], replacement))
  }
  // The button keeps the focus when nothing is left to replace, so mod+z (not a text box's own undo) takes the change back.
  const replaceAll = () => {
    if (matches.length === 0) return
    onReplace(replaceMatches(config, matches, replacement))
    setReplaced(matches.length)
  }
  const search = (words: string) => {
    setTerm(words)
    setReplaced(null)
  }
  const summary =
    term === ''
      ? 'Searches every text of every page and site setting.'
      : matches.length > 0
        ? `${count(matches.length, 'match', 'matches')} in ${count(places, 'place', 'places')}`
        : replaced !== null
          ? `Replaced ${count(replaced, 'match', 'matches')}. Undo takes ${replaced === 1 ? 'it' : 'them all'} back.`
          : 'No match.'

  return (
    <>
      <Button ref={opener} variant="default" leftSection={<IconSearch size={16} aria-hidden />} onClick={show} aria-keyshortcuts="Control+Shift+F Meta+Shift+F">
        Find & replace
      </Button>
      {open && (
        <Paper
          component="section"
          aria-label="Find and replace"
          className={classes.panel}
          shadow="lg"
          withBorder
          p="md"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close()
          }}
        >
          <Stack gap="xs" className={classes.form}>
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h5">
                Find and replace
              </Title>
              <CloseButton aria-label="Close find and replace" onClick={close} />
            </Group>
            <TextInput ref={findBox} label="Find" value={term} onChange={(event) => search(event.currentTarget.value)} />
            <Checkbox label="Match case" checked={matchCase} onChange={(event) => setMatchCase(event.currentTarget.checked)} />
            <TextInput label="Replace with" value={replacement} onChange={(event) => setReplacement(event.currentTarget.value)} />
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" aria-live="polite">
                {summary}
              </Text>
              <Button onClick={replaceAll} data-disabled={matches.length === 0 || undefined} aria-disabled={matches.length === 0}>
                Replace all
              </Button>
            </Group>
          </Stack>
          <ul ref={list} className={classes.results} aria-label="Matches">
            {listed.map((match, row) => {
              const place = problemPlace(match.path, config).join(' › ')
              const { before, match: found, after } = snippetOf(match)
              return (
                <li key={`${JSON.stringify(match.path)}:${match.start}`} className={classes.result}>
                  <UnstyledButton onClick={() => onShow(match.path)} className={classes.place}>
                    <Text size="sm" fw={600}>
                      {place}
                    </Text>
                    <Text size="sm" className={classes.snippet}>
                      {before}
                      <mark>{found}</mark>
                      {after}
                    </Text>
                  </UnstyledButton>
                  <Button size="compact-sm" variant="light" onClick={() => replaceOne(match, row)} aria-label={`Replace in ${place}`} data-replace-one>
                    Replace
                  </Button>
                </li>
              )
            })}
          </ul>
          {matches.length > listed.length && (
            <Text size="xs" c="dimmed" mt="xs">
              The first {LISTED} are listed; Replace all replaces all {matches.length}.
            </Text>
          )}
        </Paper>
      )}
    </>
  )
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
