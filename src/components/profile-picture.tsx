// A member's picture when it may be shown, else their initial. Decorative: the name is always
// written next to it, so the image carries no text of its own.
export function ProfilePicture({ name, avatar, size = 64 }: { name: string; avatar: string | null; size?: number }) {
  return avatar ? (
    <img className="accounts-avatar" src={avatar} alt="" width={size} height={size} />
  ) : (
    <span className="avatar accounts-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
