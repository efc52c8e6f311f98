import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export interface NavItem {
  to: string;
  label: string;
  /** active only on exactly this path (not its children) */
  end?: boolean;
  /** the item's `<li>` class (the shell's `tab`: one of the phone's bottom tabs) */
  className?: string;
  /** a small picture drawn before the label (decorative: the label names the link) */
  icon?: ReactNode;
}

/** A navigation list's items: one `<li>` with a NavLink each (the caller owns the `<ul>`). */
export function NavLinks({ links }: { links: readonly NavItem[] }) {
  return (
    <>
      {links.map((l) => (
        <li key={l.to} className={l.className}>
          <NavLink to={l.to} end={l.end}>
            {l.icon}
            <span className="nav-label">{l.label}</span>
          </NavLink>
        </li>
      ))}
    </>
  );
}
