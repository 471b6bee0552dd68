// A group's picture (issue #28 item 1; docs/product.md §11 'Limits'), small and round, else the
// group's initial: ProfilePicture's rule with the group's look. Decorative, as the group's name is
// always written next to it. Only the group screens use it, so its style comes with them.
import { ProfilePicture } from './profile-picture';
import '../styles/groups.css';

export function GroupPicture({ name, picture, size = 40 }: { name: string; picture: string | null; size?: number }) {
  return <ProfilePicture name={name} avatar={picture} size={size} className="group-picture" />;
}
