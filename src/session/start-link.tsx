// A link that opens a guided prayer session (issue #13 point 4) from a list of sources (/pray, the
// bookmarks and my-prayers screens): an unfinished run of that source resumes, a finished one left
// on its end screen (the app closed there) is forgotten so that a new session begins.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSession } from '../db/queries';
import { accountKey, forgetFinishedRun } from './run';
import { sessionRunKey, type FeedSource } from './search';

export type SessionLinkSearch = { list: number } | { source: FeedSource };

export function SessionStartLink({ search, className, children }: { search: SessionLinkSearch; className: string; children: ReactNode }) {
  const session = useSession();
  return (
    <Link to="/session" search={search} className={className} onClick={() => forgetFinishedRun(accountKey(session), sessionRunKey(search))}>
      {children}
    </Link>
  );
}
