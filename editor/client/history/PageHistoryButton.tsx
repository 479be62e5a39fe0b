import { Button, Drawer } from '@mantine/core'
import { useContext, useState } from 'react'
import { VersionsContext } from '../versions/versions-context'
import { PageHistory } from './PageHistory'

/** The History button of a page's workspace, where versions are kept: the page's history in a panel beside the editor. */
export function PageHistoryButton({ path, title }: { path: string; title: string }) {
  const [open, setOpen] = useState(false)
  if (!useContext(VersionsContext)?.published) return null
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpen(true)}>
        History
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" size="xl" title={`History of ${title}`}>
        {open && <PageHistory path={path} title={title} />}
      </Drawer>
    </>
  )
}
