// A person's name as a link to their profile (issue #26 point 6): on a card's author and a
// comment's. Through the router, so it opens offline from what the device holds. Anonymous
// authors have no link.
import { Link } from '@tanstack/react-router';
import type { DetailLink } from '../components/post-card';

/** The link renderer for an author with `username` (the profile's address), or undefined when anonymous. */
export function profileLink(username: string, isAnonymous: boolean): DetailLink | undefined {
  if (isAnonymous) return undefined;
  return function ProfileLink({ className, children, ariaLabel }) {
    return (
      <Link to="/profile/$slug" params={{ slug: username }} className={className} aria-label={ariaLabel}>
        {children}
      </Link>
    );
  };
}
