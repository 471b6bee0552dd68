// Community posts on a lists screen (bookmarked posts, my prayers): the feed's cards in a plain list,
// each prayed, bookmarked and opened as in the feed.
import type { ShownPost } from '../../../model/shown';
import { FeedPost } from '../../-feed-post';

export function PostList({ posts }: { posts: ShownPost[] }) {
  return (
    <ol className="feed__list">
      {posts.map((post) => (
        <li key={post.id}>
          <FeedPost post={post} />
        </li>
      ))}
    </ol>
  );
}
