import { media, tokens } from '@kesho/shell-kit';
import styled, { css } from 'styled-components';
import type { Block } from '../content/types';
import { RichTextView } from './RichTextView';

type HeadingLevel = 3 | 4;

const listStyle = css`
  margin: 0 0 ${tokens.space(5)};
  padding-left: ${tokens.space(6)};
  li + li {
    margin-top: ${tokens.space(2)};
  }
  li::marker {
    color: ${tokens.color.primary};
    font-weight: 600;
  }
`;

const BulletList = styled.ul`
  ${listStyle}
`;

const NumberedList = styled.ol`
  ${listStyle}
`;

const Highlight = styled.p`
  margin: 0 0 ${tokens.space(5)};
  padding: ${tokens.space(4)} ${tokens.space(5)};
  border-left: 4px solid ${tokens.color.primary};
  border-radius: 0 ${tokens.radius.md} ${tokens.radius.md} 0;
  background: ${tokens.color.primarySoft};
`;

const Facts = styled.dl`
  display: grid;
  gap: ${tokens.space(3)};
  margin: 0 0 ${tokens.space(5)};
  padding: ${tokens.space(4)} ${tokens.space(5)};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  div {
    display: grid;
    gap: ${tokens.space(0.5)};
    ${media.sm} {
      grid-template-columns: 11rem minmax(0, 1fr);
      gap: ${tokens.space(4)};
    }
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/**
 * Tables are written to fit a 360px phone; should a long word still not fit, the table scrolls
 * sideways inside this region (focusable, so keyboard users can scroll it) instead of the page.
 */
const TableScroller = styled.div`
  margin: 0 0 ${tokens.space(6)};
  overflow-x: auto;
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  ${media.md} {
    font-size: 0.9375rem;
  }
  caption {
    padding: ${tokens.space(3)} ${tokens.space(2)};
    text-align: left;
    font-weight: 700;
    color: ${tokens.color.text};
    ${media.md} {
      padding: ${tokens.space(3)} ${tokens.space(4)};
    }
  }
  th,
  td {
    padding: ${tokens.space(2.5)} ${tokens.space(2)};
    text-align: left;
    hyphens: auto;
    vertical-align: top;
    border-top: 1px solid ${tokens.color.border};
    ${media.md} {
      padding: ${tokens.space(3)} ${tokens.space(4)};
    }
  }
  thead th {
    background: ${tokens.color.surface};
    font-weight: 700;
  }
  tbody th {
    font-weight: 600;
  }
`;

const Subsection = styled.div<{ $boxed: boolean }>`
  margin: 0 0 ${tokens.space(6)};
  ${({ $boxed }) =>
    $boxed &&
    css`
      padding: ${tokens.space(5)};
      border: 1px solid ${tokens.color.border};
      border-radius: ${tokens.radius.lg};
      background: ${tokens.color.surface};
      > :last-child {
        margin-bottom: 0;
      }
    `}
`;

const SubHeading = styled.h3`
  font-size: 1.125rem;
  margin-bottom: ${tokens.space(3)};
`;

function BlockView({ block, id, headingLevel }: { block: Block; id: string; headingLevel: HeadingLevel }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <RichTextView text={block.text} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? NumberedList : BulletList;
      return (
        <List>
          {block.items.map((item, index) => (
            <li key={index}>
              <RichTextView text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'facts':
      return (
        <Facts>
          {block.items.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>
                <RichTextView text={item.value} />
              </dd>
            </div>
          ))}
        </Facts>
      );
    case 'table': {
      const captionId = `${id}-caption`;
      return (
        <TableScroller role="region" aria-labelledby={captionId} tabIndex={0}>
          <Table>
            <caption id={captionId}>{block.caption}</caption>
            <thead>
              <tr>
                {block.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row">
                        <RichTextView text={cell} />
                      </th>
                    ) : (
                      <td key={cellIndex}>
                        <RichTextView text={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroller>
      );
    }
    case 'highlight':
      return (
        <Highlight>
          <RichTextView text={block.text} />
        </Highlight>
      );
    case 'subsection':
      return (
        <Subsection $boxed={block.boxed === true}>
          <SubHeading as={headingLevel === 3 ? 'h3' : 'h4'}>{block.heading}</SubHeading>
          <BlockList blocks={block.blocks} idPrefix={id} headingLevel={4} />
        </Subsection>
      );
  }
}

/**
 * Renders a section's blocks. `idPrefix` makes the ids a block needs (table captions) unique and
 * stable between the server render and hydration.
 */
export function BlockList({ blocks, idPrefix, headingLevel }: { blocks: readonly Block[]; idPrefix: string; headingLevel: HeadingLevel }) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} id={`${idPrefix}-${index + 1}`} headingLevel={headingLevel} />
      ))}
    </>
  );
}
