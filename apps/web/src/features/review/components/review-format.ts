import { formatDatedTime } from '../../../utils/format';

/** A date and time on the review pages, in the page's language ("Jan 2, 2027, 5:00 PM" / "2 ene 2027, 5:00 p.m."). */
export const day = (iso: string) => formatDatedTime(iso);
