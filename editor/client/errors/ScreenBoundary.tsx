import { Alert, Button, Code, Stack, Text } from '@mantine/core'
import { Component, type ErrorInfo, type ReactNode } from 'react'

interface ScreenBoundaryProps {
  /** The part of the editor, as the message names it: "block form", "preview". */
  screen: string
  /** What still works while this part is stopped. */
  consequence?: string
  /** When this changes (another block or page chosen), the part tries again by itself. */
  resetKey?: unknown
  children: ReactNode
}

interface ScreenBoundaryState {
  error: Error | null
  resetKey: unknown
}

/**
 * Keeps an error in one part of the editor from blanking the page: that part shows what failed
 * and a Try again button, and everything else, the unsaved edits included (they are held above
 * every part), stays as it was. A class because React catches render errors only in a class
 * component's getDerivedStateFromError; no hook does it, and one small class needs no package.
 */
export class ScreenBoundary extends Component<ScreenBoundaryProps, ScreenBoundaryState> {
  override state: ScreenBoundaryState = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<ScreenBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  static getDerivedStateFromProps(props: ScreenBoundaryProps, state: ScreenBoundaryState): Partial<ScreenBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For whoever fixes it: the browser console has the component stack.
    console.error(`The editor's ${this.props.screen} stopped:`, error, info.componentStack)
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    const { screen, consequence = 'The rest of the editor still works, and your unsaved edits are kept.' } = this.props
    return (
      <Alert color="red" role="alert" title={`The ${screen} stopped working`}>
        <Stack gap="xs" align="flex-start">
          <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: '100%' }}>
            {error.message || error.name}
          </Code>
          <Text size="sm">{consequence}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => this.setState({ error: null })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    )
  }
}
