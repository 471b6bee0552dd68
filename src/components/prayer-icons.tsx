// Icons of the prayer screens, drawn like src/components/icons.tsx (24px grid, stroke =
// currentColor, always decorative: the control that holds one carries the accessible name).

export function PrayIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {/* Two hands joined in prayer. */}
      <path d="M12 4.5c-1 1-1.6 2.6-1.9 4.4L9 14.5l-3.2 3.2a1.4 1.4 0 0 0 0 2l.5.5h5.7V6" />
      <path d="M12 4.5c1 1 1.6 2.6 1.9 4.4l1.1 5.6 3.2 3.2a1.4 1.4 0 0 1 0 2l-.5.5H12" />
    </svg>
  );
}
