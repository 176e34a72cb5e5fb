import { media, tokens } from '@kesho/shell-kit';
import { MoveHorizontal } from 'lucide-react';
import styled from 'styled-components';
import type { ScholarshipRow } from '../../content/service-pages/types';

/**
 * A real table keeps its semantics in every screen reader, so on narrow screens it scrolls sideways
 * (focusable, so keyboard users can scroll it too) instead of being restyled into cards.
 */
const ScrollRegion = styled.div`
  overflow-x: auto;
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  background: ${tokens.color.background};
`;

const ScrollHint = styled.p`
  display: flex;
  gap: ${tokens.space(2)};
  align-items: center;
  margin-bottom: ${tokens.space(3)};
  font-size: 0.875rem;
  color: ${tokens.color.muted};

  ${media.sm} {
    display: none;
  }
`;

const Table = styled.table`
  width: 100%;
  min-width: 36rem;
  border-collapse: separate;
  border-spacing: 0;
  text-align: left;

  caption {
    padding: ${tokens.space(4)} ${tokens.space(5)};
    text-align: left;
    font-weight: 700;
  }

  /* Keeps the caption in view, wrapped to the visible width, while the table scrolls beneath it. */
  caption > span {
    display: inline-block;
    position: sticky;
    left: ${tokens.space(5)};
    max-width: calc(100vw - 5rem);
  }

  th,
  td {
    padding: ${tokens.space(3.5)} ${tokens.space(4)};
    border-top: 1px solid ${tokens.color.border};
    vertical-align: top;
  }

  thead th {
    background: ${tokens.color.primarySoft};
    font-size: 0.875rem;
    letter-spacing: 0.02em;
    text-transform: uppercase;
  }

  tbody tr {
    background: ${tokens.color.background};
  }
  tbody tr:nth-child(even) {
    background: ${tokens.color.surface};
  }

  /* The scholarship name stays visible while the other columns scroll past it. */
  th:first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    width: 11rem;
    border-right: 1px solid ${tokens.color.border};
  }
  tbody th {
    font-weight: 700;
    background: inherit;
  }

  ${media.md} {
    th,
    td {
      padding: ${tokens.space(3.5)} ${tokens.space(5)};
    }
    th:first-child {
      width: auto;
      border-right: 0;
    }
  }
`;

export interface ScholarshipTableProps {
  /** Unique on the page; names the scrolling region after the caption. */
  readonly id: string;
  readonly caption: string;
  readonly scrollHint: string;
  readonly columns: { readonly name: string; readonly destination: string; readonly coverage: string; readonly deadline: string };
  readonly rows: readonly ScholarshipRow[];
}

export function ScholarshipTable({ id, caption, scrollHint, columns, rows }: ScholarshipTableProps) {
  const captionId = `${id}-caption`;
  return (
    <>
      <ScrollHint>
        <MoveHorizontal size={18} aria-hidden="true" />
        {scrollHint}
      </ScrollHint>
      <ScrollRegion role="region" aria-labelledby={captionId} tabIndex={0}>
        <Table>
          <caption id={captionId}>
            <span>{caption}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{columns.name}</th>
              <th scope="col">{columns.destination}</th>
              <th scope="col">{columns.coverage}</th>
              <th scope="col">{columns.deadline}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td>{row.destination}</td>
                <td>{row.coverage}</td>
                <td>{row.deadline}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </>
  );
}
