/** The phone's bottom tabs' pictures (decorative, 24 px, currentColor): the label beside each names the link. */
const icon = (d: string) => (
  <svg className="tab-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const TAB_ICONS = {
  // a trophy: the weekly challenges
  challenges: icon('M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8'),
  // a domino: the house tables
  house: icon('M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM6 12h12M10 7.5h.01M14 7.5h.01M12 16.5h.01'),
  // a list: my games
  games: icon('M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01'),
  // a bell: notifications
  notifications: icon('M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0'),
} as const;
