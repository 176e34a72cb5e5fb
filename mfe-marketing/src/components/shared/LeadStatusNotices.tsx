import styled from 'styled-components';
import { tokens } from '@kesho/shell-kit';
import type { LeadStatusText } from '@kesho/site-rules/lead-status';

const Notice = styled.div<{ $tone: LeadStatusText['tone'] }>`
  display: none;
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border-left: 4px solid ${({ $tone }) => ($tone === 'success' ? tokens.color.success : tokens.color.error)};
  border-radius: ${tokens.radius.sm};
  background: ${({ $tone }) => ($tone === 'success' ? tokens.color.successSoft : tokens.color.errorSoft)};

  &:target {
    display: block;
  }
  &:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
  p + p {
    margin-top: ${tokens.space(1.5)};
  }
`;

/**
 * The outcome of a form post made without JavaScript. The server redirects to `…#<id>`; every notice
 * is in the prerendered page, hidden, and CSS `:target` shows the one the fragment names, so the
 * answer is visible whether or not the page's script ever runs.
 */
export function LeadStatusNotices({ texts }: { texts: Readonly<Record<string, LeadStatusText>> }) {
  return (
    <>
      {Object.values(texts).map((status) => (
        <Notice key={status.id} id={status.id} $tone={status.tone} tabIndex={-1}>
          <p>
            <strong>{status.title}</strong>
          </p>
          <p>{status.text}</p>
          {status.afterPost ? <p>{status.afterPost}</p> : null}
        </Notice>
      ))}
    </>
  );
}
