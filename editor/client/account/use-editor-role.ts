import { useEffect, useState } from 'react'
import type { Role } from '../../../site/editor-roles'
import { editorSession } from '../api/session'

/** The signed-in account's role, once the session is read (undefined until then, and if it cannot be). */
export function useEditorRole(): Role | undefined {
  const [role, setRole] = useState<Role>()
  useEffect(() => {
    void editorSession().then(
      (session) => setRole(session.role),
      () => undefined,
    )
  }, [])
  return role
}
