import { Alert, List, Text, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import type { SiteConfig } from '../../../site/generated/site-config'
import type { EditorProblem } from '../api'
import { problemPlace } from './problem-place'

interface ProblemListProps {
  problems: EditorProblem[]
  /** The config the problems are about, for naming where each is as the screens do. */
  config: SiteConfig
  /** Opens the page and block a problem is in and takes the author to its field; resolves false when no screen shows it. */
  onShow(problem: EditorProblem): Promise<boolean>
}

/**
 * Every problem the checker found, in its order, each a button to the field: where it is in the
 * screens' words and numbering (About Us › 8. Cta band › Action 1 › To), then the checker's words;
 * the file's line and column, for a text editor, in small print.
 */
export function ProblemList({ problems, config, onShow }: ProblemListProps) {
  const [unshown, setUnshown] = useState<EditorProblem | null>(null)
  if (problems.length === 0) return null
  return (
    <Alert color="red" title={`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix before saving`} role="status">
      <List size="sm" spacing={4}>
        {problems.map((problem, index) => (
          <List.Item key={index}>
            <UnstyledButton onClick={() => void onShow(problem).then((shown) => setUnshown(shown ? null : problem))} style={{ textAlign: 'left', display: 'block' }}>
              <Text size="sm" fw={600} span>
                {problemPlace(problem.path ?? [], config).join(' › ')}:{' '}
              </Text>
              <Text size="sm" span>
                {problem.message}
                {problem.hint ? ` ${problem.hint}` : ''}
              </Text>
              <Text size="xs" c="dimmed" span>
                {' '}
                ({problem.file}:{problem.line}:{problem.column})
              </Text>
            </UnstyledButton>
            {unshown === problem && (
              <Text size="xs" role="status">
                No screen of the editor shows this part of the config yet: edit it in {problem.file} at line {problem.line}.
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}
