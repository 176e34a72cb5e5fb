import type { BlogSummary } from '../../content/blog';
import { Meta } from './articleStyles';

/** A separator that never starts a line: it stays with the item before it. */
const Separator = () => <span aria-hidden="true">{'\u00a0·'}</span>;

/** "By author · date · read time", with the date machine-readable. */
export function ArticleMeta({ post, byline }: { post: BlogSummary & { readonly readTime: string }; byline: string }) {
  return (
    <Meta>
      <span>
        {byline} {post.author}
      </span>
      <Separator /> <time dateTime={post.isoDate}>{post.date}</time>
      <Separator /> <span>{post.readTime}</span>
    </Meta>
  );
}
