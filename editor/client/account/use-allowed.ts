import { useEffect, useState } from 'react'
import { notAllowedReason, type ApiPermission } from '../../api-permissions'
import { editorSession, type EditorSession } from '../api/session'

/** The signed-in session once read (undefined until then, or when it cannot be); read again when `reading` changes. */
export function useEditorSession(reading = 0): EditorSession | undefined {
  const [session, setSession] = useState<EditorSession>()
  useEffect(() => {
    let live = true
    void editorSession().then(
      (read) => live && setSession(read),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [reading])
  return session
}

/**
 * Why this account may not call a route of the editor's API (the server's own table), to disable
 * or hide its button with the reason; undefined when it may, and while the session is read: the
 * server checks every call anyway, the browser only spares a refusal.
 */
export function useNotAllowed(method: ApiPermission['method'], route: string): string | undefined {
  const session = useEditorSession()
  return session ? notAllowedReason(session.role, method, route) : undefined
}
