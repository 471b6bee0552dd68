// A link to copy by hand (a shared post's, a group's invite): shown selected in a read-only field,
// with what its Copy button calls. The async clipboard first, then the older copy of the selection
// for a browser that refuses it but still copies on a person's tap; `hasFailed` says to copy it by
// hand (docs/product.md §4 'Share'; §11 'Joining').
import { useState } from 'react';
import { browserShareDevice, copyText } from '../platform/share';

/** `copy(input)` selects the field, copies `url` and calls `onCopied`, or sets `hasFailed`. */
export function useCopyLink(url: string | null, onCopied: () => void) {
  const [hasFailed, setFailed] = useState(false);
  const copy = async (input: HTMLInputElement | null = null) => {
    if (url === null) return;
    setFailed(false);
    input?.select();
    if ((await copyText(url, browserShareDevice())) || copySelection()) onCopied();
    else setFailed(true);
  };
  return { hasFailed, copy, reset: () => setFailed(false) };
}

type LinkFieldProps = {
  id: string;
  label: string;
  url: string;
  className: string;
  /** The id of the message shown when copying failed; null while none shows. */
  errorId: string | null;
  name?: string;
  autoFocus?: boolean;
};

/** The link, read-only and selected when focused: ready for the device's own copy command. */
export function LinkField({ id, label, url, className, errorId, name, autoFocus = false }: LinkFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        className={className}
        type="url"
        readOnly
        value={url}
        autoFocus={autoFocus}
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby={errorId ?? undefined}
      />
    </div>
  );
}

/**
 * The selected text onto the clipboard the older way, for a browser that refuses the async
 * clipboard API but still copies a selection on a user's tap. Deprecated, and kept only as this
 * last resort: false when it did nothing.
 */
function copySelection(): boolean {
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
