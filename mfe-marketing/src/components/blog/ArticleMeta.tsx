import type { BlogSummary } from '../../content/blog';
import { Meta } from './articleStyles';

/** A separator that never starts a line: it stays with the item before it. */
const Separator = () => <span aria-hidden="true">{'\u00a0·'}</span>;

/**
 * "By author · date · read time", with the date machine-readable; on the article's own page
 * (`updatedText` given) also "Updated <date>" when it was changed after it was published.
 */
export function ArticleMeta({ post, byline, updatedText }: { post: BlogSummary; byline: string; updatedText?: string }) {
  const updated = updatedText !== undefined && post.updatedIsoDate !== post.isoDate;
  return (
    <Meta>
      <span>
        {byline} {post.author}
      </span>
      <Separator /> <time dateTime={post.isoDate}>{post.date}</time>
      {updated ? (
        <>
          <Separator />{' '}
          <span>
            {updatedText} <time dateTime={post.updatedIsoDate}>{post.updatedDate}</time>
          </span>
        </>
      ) : null}
      <Separator /> <span>{post.readTime}</span>
    </Meta>
  );
}
