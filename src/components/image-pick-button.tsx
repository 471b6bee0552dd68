// The button that opens the device's picker for one image (PNG, JPEG or WebP: the server's rule,
// server/domain/images.ts), for the profile picture and a group's picture. The visible, focusable
// control is the button; the file input only opens the picker, and is emptied after each choice so
// the same file may be chosen again after a fix.
import { useRef, type ChangeEvent } from 'react';

type ImagePickButtonProps = { label: string; disabled: boolean; describedBy: string; onFile: (file: File) => void };

export function ImagePickButton({ label, disabled, describedBy, onFile }: ImagePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <button type="button" className="button button--secondary" disabled={disabled} onClick={() => input.current?.click()} aria-describedby={describedBy}>
        {label}
      </button>
      <input ref={input} className="visually-hidden" type="file" accept="image/png,image/jpeg,image/webp" tabIndex={-1} aria-label={label} onChange={onChange} />
    </>
  );
}
