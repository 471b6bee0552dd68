// Issue #12 point 4: the pray control of post cards, the post detail and list items. It shows
// whether this person prayed (a filled flame and "You prayed", from the local store: the server's
// isPrayed or a pray still in the outbox, so it holds offline and after a reload), with the
// thanksgiving's own verb. Both labels share one grid cell, so the button keeps the width of the
// longer one and praying never moves what follows it. The second tap of a double tap is not
// counted (src/commands/pray-gate.ts); it gets a short "already counted" note above the button,
// also read by screen readers, so the tap is never met with nothing.
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { PrayOutcome } from '../commands/pray-gate';
import { useT } from '../i18n/use-t';
import { FlameIcon } from './icons';

export type PrayVerb = 'pray' | 'thank';

/** How long the "already counted" note stays. */
const NOTE_MS = 2500;

type PrayButtonProps = {
  verb: PrayVerb;
  /** The count to show: the server's plus this device's unacknowledged prays. */
  count: number;
  isPrayed: boolean;
  /** What is prayed for, read after the count (a list item's name); a post's card names itself. */
  subject?: string | undefined;
  /** A pray of this device is not sent yet: a dashed border and ", waiting to sync" in the name. */
  isWaiting?: boolean;
  /** The command; null when it failed (the caller has shown why). */
  onPray: () => Promise<PrayOutcome | null>;
};

type PrayButtonState = Pick<PrayButtonProps, 'verb' | 'count' | 'isPrayed' | 'subject' | 'isWaiting'>;

/**
 * The button's two labels and its accessible name. The name starts with the text on screen (the
 * label shown, then the count: WCAG 2.5.3, axe label-content-name-mismatch), then says what the
 * count is, and for a list item what it prays for.
 */
export function prayButtonText(t: TFunction<'translation', undefined>, { verb, count, isPrayed, subject, isWaiting = false }: PrayButtonState) {
  const action = t(`prayControl.${verb}.action`);
  const done = t(`prayControl.${verb}.done`);
  const label = isPrayed ? done : action;
  const counted = t(`prayControl.${verb}.count`, { count });
  const named = subject === undefined ? t('prayControl.name', { label, count: counted }) : t('prayControl.nameFor', { label, count: counted, subject });
  const name = isWaiting ? t('prayControl.nameWaiting', { name: named }) : named;
  return { action, done, label, name };
}

export function PrayButton({ verb, count, isPrayed, subject, isWaiting = false, onPray }: PrayButtonProps) {
  const { t } = useT();
  const [noted, setNoted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const showNote = () => {
    if (timer.current) clearTimeout(timer.current);
    setNoted(true);
    timer.current = setTimeout(() => setNoted(false), NOTE_MS);
  };
  const onClick = () => {
    void onPray().then((outcome) => {
      if (outcome === 'alreadyCounted') showNote();
    });
  };

  const { action, done, name } = prayButtonText(t, { verb, count, isPrayed, subject, isWaiting });
  return (
    <span className="pray-control">
      <button
        type="button"
        className={`pray-button${isPrayed ? ' pray-button--prayed' : ''}${isWaiting ? ' pray-button--waiting' : ''}`}
        data-verb={verb}
        onClick={onClick}
        aria-label={name}
      >
        <FlameIcon filled={isPrayed} />
        <span className="pray-button__label">
          <span data-shown={!isPrayed}>{action}</span>
          <span data-shown={isPrayed}>{done}</span>
        </span>
        {/* The text reads "Pray 3", not "Pray3" (axe compares it with the name; the flex gap draws the space). */}{' '}
        <span className="pray-button__count" data-testid="prayed-count">
          {count}
        </span>
      </button>
      <span className="pray-control__note" role="status" data-shown={noted}>
        {noted ? t(`prayControl.${verb}.again`) : ''}
      </span>
    </span>
  );
}
