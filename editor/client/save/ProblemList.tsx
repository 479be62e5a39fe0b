import { Alert, List, Text, UnstyledButton } from '@mantine/core'
import type { EditorProblem } from '../api'

interface ProblemListProps {
  problems: EditorProblem[]
  /** Opens the page and block a problem is in. */
  onShow(problem: EditorProblem): void
}

/** Every problem the checker found, in its own words and order, each a button to the field. */
export function ProblemList({ problems, onShow }: ProblemListProps) {
  if (problems.length === 0) return null
  return (
    <Alert color="red" title={`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix before saving`} role="status">
      <List size="sm" spacing={4}>
        {problems.map((problem, index) => (
          <List.Item key={index}>
            <UnstyledButton onClick={() => onShow(problem)} style={{ textAlign: 'left' }}>
              <Text size="sm" fw={600} span>
                {problem.where}:{' '}
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
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}
