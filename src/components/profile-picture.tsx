// A member's picture when it may be shown, else their initial. Decorative: the name is always
// written next to it, so the image carries no text of its own. Also a group's (./group-picture.tsx),
// with its own class.
export function ProfilePicture({ name, avatar, size = 64, className = 'accounts-avatar' }: { name: string; avatar: string | null; size?: number; className?: string }) {
  return avatar ? (
    <img className={className} src={avatar} alt="" width={size} height={size} />
  ) : (
    <span className={`avatar ${className}`} style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
