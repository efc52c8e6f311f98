import { NavLink } from 'react-router';

export interface NavItem {
  to: string;
  label: string;
  /** active only on exactly this path (not its children) */
  end?: boolean;
}

/** A navigation list's items: one `<li>` with a NavLink each (the caller owns the `<ul>`). */
export function NavLinks({ links }: { links: readonly NavItem[] }) {
  return (
    <>
      {links.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} end={l.end}>
            {l.label}
          </NavLink>
        </li>
      ))}
    </>
  );
}
