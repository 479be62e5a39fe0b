import { Alert, Group, List, Switch, Text, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { EditorProblem } from '../api/editor-api'
import { isDeveloperPlace } from '../form/place-schemas'
import { problemPlace } from './problem-place'

interface ProblemListProps {
  problems: EditorProblem[]
  /** The config the problems are about, for naming where each is as the screens do. */
  config: SiteConfig
  /** Opens the page and block a problem is in and takes the author to its field; resolves false when no screen shows it. */
  onShow(problem: EditorProblem): Promise<boolean>
}

/** Why a problem has no field to go to, in an editor's words. */
const NOT_ON_A_SCREEN = {
  developer: 'This is a setting for the site’s developer, which the editor does not offer: ask them to fix it.',
  unshown: 'No screen of the editor shows this part of the site yet: ask the site’s developer to fix it.',
}

/**
 * Every problem the checker found, in its order, each a button to the field: where it is in the
 * screens' words and numbering (About Us › 8. Cta band › Action 1 › To), then the checker's words.
 * Where the config file has it (file, line and column, the checker's name for the place and its
 * code) is for a developer with the file open: behind "Details for developers", off by default.
 */
export function ProblemList({ problems, config, onShow }: ProblemListProps) {
  const [unshown, setUnshown] = useState<{ problem: EditorProblem; why: keyof typeof NOT_ON_A_SCREEN } | null>(null)
  const [details, setDetails] = useState(false)
  if (problems.length === 0) return null
  const show = (problem: EditorProblem) => {
    if (isDeveloperPlace(problem.path ?? [], config)) setUnshown({ problem, why: 'developer' })
    else void onShow(problem).then((shown) => setUnshown(shown ? null : { problem, why: 'unshown' }))
  }
  return (
    <Alert color="red" title={`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix before saving`} role="status">
      <List size="sm" spacing={4}>
        {problems.map((problem, index) => (
          <List.Item key={index}>
            <UnstyledButton onClick={() => show(problem)} style={{ textAlign: 'left', display: 'block' }}>
              <Text size="sm" fw={600} span>
                {problemPlace(problem.path ?? [], config).join(' › ')}:{' '}
              </Text>
              <Text size="sm" span>
                {problem.message}
                {problem.hint ? ` ${problem.hint}` : ''}
              </Text>
            </UnstyledButton>
            {details && (
              <Text size="xs" c="dimmed" ff="monospace">
                {problem.file}:{problem.line}:{problem.column} · {problem.where} · {problem.code}
              </Text>
            )}
            {unshown?.problem === problem && (
              <Text size="xs" role="status">
                {NOT_ON_A_SCREEN[unshown.why]}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" mt="xs">
        <Switch size="xs" label="Details for developers" checked={details} onChange={(event) => setDetails(event.currentTarget.checked)} />
      </Group>
    </Alert>
  )
}
