// The Drizzle schema of the whole product: a typed view of server/migrations/*.sql, one file per
// area (docs/architecture/server.md, 'Reference server'). The SQL migrations are the source of
// truth for the database; these files mirror them (columns, and the indexes the queries rely on) so
// that queries are typed. Each file imports only the areas below it: channels <- users <- posts <-
// lists <- the rest. Code uses a table from its own file; this object of every table is what
// drizzle(client, { schema }) and the schema test take.
import * as accounts from './accounts';
import * as changeStamps from './change-stamps';
import * as channels from './channels';
import * as comments from './comments';
import * as groups from './groups';
import * as lists from './lists';
import * as moderation from './moderation';
import * as notificationRetention from './notification-retention';
import * as notifications from './notifications';
import * as posts from './posts';
import * as postUpdates from './post-updates';
import * as prayers from './prayers';
import * as reminders from './reminders';
import * as requests from './requests';
import * as users from './users';

export const schema = {
  ...channels, ...users, ...accounts, ...posts, ...lists, ...prayers, ...comments, ...moderation,
  ...reminders, ...notifications, ...requests, ...groups, ...postUpdates, ...changeStamps, ...notificationRetention,
};
