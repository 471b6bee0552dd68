// Icons of the prayer lists (24px grid, stroke = currentColor), decorative like ./icons.tsx: the
// control that holds one carries the accessible name.
type IconProps = { size?: number };

function svgProps(size: number) {
  return {
    className: 'icon',
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    focusable: false,
  };
}

export function ListIcon({ size = 20 }: IconProps) {
  return (
    <svg {...svgProps(size)}>
      <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
    </svg>
  );
}

export function MoreIcon({ size = 20 }: IconProps) {
  return (
    <svg {...svgProps(size)}>
      <path d="M12 6h.01M12 12h.01M12 18h.01" strokeWidth={3} />
    </svg>
  );
}
