import { SiteLink } from '../../../kit/SiteLink'

/** One link of a menu list (desktop panel or phone drawer); following it closes the menu. */
export function NavLinkItem({ to, label, className, onNavigate }: { to: string; label: string; className?: string; onNavigate: () => void }) {
  return (
    <li>
      <SiteLink to={to} className={className} onClick={onNavigate}>
        {label}
      </SiteLink>
    </li>
  )
}
