/**
 * The server's confusable skeleton (Unicode TR39 confusables.txt, through the maintained `unhomoglyph`
 * data): a custom service named with look-alike letters ("Basic Cоnsultation", Cyrillic о) is still a
 * catalogue name. Kept on the server: the mapping is ~100 KB, and the server is where an order is
 * decided (pages apply the lighter comparison of @kesho/site-rules/catalogue).
 */
import unhomoglyph from 'unhomoglyph';
import type { ConfusableSkeleton } from '@kesho/site-rules/catalogue';

export const confusableSkeleton: ConfusableSkeleton = (text) => unhomoglyph(text);
