-- 0022: reminders keep no copy of anyone's words (issue #49, privacy;
-- docs/decisions/0211-a-reminder-reads-what-it-names-when-shown-or-sent.md). A reminder's label,
-- and that of the notification a sent reminder left, was the start of a post's or item's text (or a
-- list's name) copied when the reminder was set, and was served after its owner left the group, was
-- removed, or the group was deleted. The label is now read when it is shown or sent, through the
-- visibility rule for the owner (server/domain/reminder-labels.ts); the columns stay (NOT NULL,
-- notifications_subject_check) and the copies already made are erased.
UPDATE reminders SET label = '' WHERE label <> '';
UPDATE notifications SET label = '' WHERE kind = 'reminder' AND label <> '';
