import { Button, Code, CopyButton, Group } from '@mantine/core'

/** A link shown once to be sent on (a one-time password link, a draft's preview link), whole, with a button to copy it. */
export function LinkToSend({ link, testId }: { link: string; testId: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {link}
      </Code>
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="default" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  )
}
